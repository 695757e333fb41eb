import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decider } from '#domain';
import { SqliteEventStore } from '#event-store';
import { executeCommand } from './execute-command.js';

type Event = { type: 'Counted'; data: { total: number } };
/** Counts: each command appends the running total, so the fold is visible in the data. */
const counter: Decider<number, { add: number }, Event> = {
  initialState: () => 0,
  evolve: (_total, event) => event.data.total,
  decide: (command, total) => [{ type: 'Counted', data: { total: total + command.add } }],
};

const dir = mkdtempSync(join(tmpdir(), 'trawl-execute-'));
const store = new SqliteEventStore(join(dir, 'events.sqlite'));
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('executeCommand', () => {
  it('starts a new stream, then appends after its last revision', async () => {
    await executeCommand(store, counter, 'counter-1', { add: 2 }, { correlationId: 'c' });
    await executeCommand(store, counter, 'counter-1', { add: 3 }, { correlationId: 'c' });
    const events = await store.readStream('counter-1');
    expect(events.map((e) => [e.revision, e.data])).toEqual([
      [0, { total: 2 }],
      [1, { total: 5 }],
    ]);
    expect(events[1]?.metadata).toEqual({ correlationId: 'c' });
  });

  it('appends to a stream whose every event retention hides, after its real revision', async () => {
    await executeCommand(store, counter, 'counter-2', { add: 1 }, {});
    await executeCommand(store, counter, 'counter-2', { add: 1 }, {});
    await store.truncateStream('counter-2', 2);
    expect(await store.readStream('counter-2')).toEqual([]);
    await executeCommand(store, counter, 'counter-2', { add: 7 }, {});
    expect((await store.readStream('counter-2')).map((e) => [e.revision, e.data])).toEqual([
      [2, { total: 7 }],
    ]);
  });
});
