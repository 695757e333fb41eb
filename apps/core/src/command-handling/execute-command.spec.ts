import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreditCommand } from '#contracts';
import { type CreditLedgerState, creditLedgerDecider } from '#domain';
import { SqliteEventStore } from '#event-store';
import { executeCommand, type StreamStateCache } from './execute-command.js';
import { StreamLocks } from './stream-locks.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-execute-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const charge = (operationId: string): CreditCommand => ({
  type: 'ChargeCredits',
  data: { teamId: 't1', operationId, basis: { operation: 'scrape' }, at: 't' },
});

describe('executeCommand on a long-lived stream', () => {
  it('charges many operations at once exactly once each, serialised per stream, with a cached fold', async () => {
    const store = new SqliteEventStore(join(dir, 'ledger.sqlite'));
    const cache: StreamStateCache<CreditLedgerState> = new Map();
    const locks = new StreamLocks();
    const run = (command: CreditCommand) =>
      locks.run('credits-t1', () =>
        executeCommand(store, creditLedgerDecider, 'credits-t1', command, {}, cache),
      );

    // Forty scrapes charged concurrently, each delivered twice (a redelivered completion).
    const operations = Array.from({ length: 40 }, (_, index) => `s${index}`);
    await Promise.all([...operations, ...operations].map((operation) => run(charge(operation))));

    const ledger = await store.readStream('credits-t1');
    expect(ledger).toHaveLength(40);
    expect(new Set(ledger.map((event) => (event.data as { operationId: string }).operationId)).size).toBe(40);
    expect(cache.get('credits-t1')?.state.charges.size).toBe(40);

    // Another writer (a second core) appends behind this process's back: the cache catches up.
    const other = new SqliteEventStore(join(dir, 'ledger.sqlite'));
    await executeCommand(other, creditLedgerDecider, 'credits-t1', charge('from-elsewhere'), {});
    expect(await run(charge('from-elsewhere'))).toEqual([]);
    expect(await run(charge('s41'))).toHaveLength(1);
    expect(await store.readStream('credits-t1')).toHaveLength(42);
    await other.close();
    await store.close();
  });
});
