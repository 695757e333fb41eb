import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuplicateEventIdError } from '../duplicate-event-id.error.js';
import { describeEventStoreContract } from '../event-store.contract.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventStoreContract('sqlite', async () => new SqliteEventStore(join(dir, 'contract.sqlite')));

describe('SqliteEventStore on disk', () => {
  const event = () => ({ id: randomUUID(), type: 'Happened', data: { at: 1 } });

  it('keeps events across close and reopen', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = new SqliteEventStore(file);
    await first.append('s-1', [event(), event()], 'no_stream');
    await first.close();
    const second = new SqliteEventStore(file);
    expect((await second.readStream('s-1')).map((e) => e.revision)).toEqual([0, 1]);
    await second.close();
  });

  it('lets two processes share one file, each seeing the other and conflicts detected', async () => {
    const file = join(dir, 'shared.sqlite');
    const a = new SqliteEventStore(file);
    const b = new SqliteEventStore(file);
    await a.append('s-2', [event()], 'no_stream');
    expect(await b.readStream('s-2')).toHaveLength(1);
    await expect(b.append('s-2', [event()], 'no_stream')).rejects.toThrow(
      'expected revision no_stream, actual 0',
    );
    await a.close();
    await b.close();
  });

  it('starts empty, refuses empty batches and ids stored elsewhere', async () => {
    const store = new SqliteEventStore(join(dir, 'rules.sqlite'));
    expect(await store.headPosition()).toBe(0);
    await expect(store.append('s-3', [], 'any')).rejects.toBeInstanceOf(RangeError);
    const first = event();
    await store.append('s-3', [first], 'no_stream');
    await expect(store.append('s-4', [first], 'any')).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append('s-3', [first, event()], 0)).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.readStream('s-3', { maxCount: -1 })).rejects.toBeInstanceOf(RangeError);
    expect(await store.readAll()).toHaveLength(1);
    expect(await store.headPosition()).toBe(1);
    await store.close();
  });
});
