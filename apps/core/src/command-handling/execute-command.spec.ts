import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreditCommand } from '#contracts';
import { type CreditLedgerState, creditLedgerDecider, type Decider } from '#domain';
import { SqliteEventStore } from '#event-store';
import { SerialLanes } from '#messaging';
import { executeCommand, type StreamStateCache } from './execute-command.js';

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
    const locks = new SerialLanes();
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
    expect((await run(charge('from-elsewhere'))).events).toEqual([]);
    expect((await run(charge('s41'))).events).toHaveLength(1);
    expect(await store.readStream('credits-t1')).toHaveLength(42);
    await other.close();
    await store.close();
  });
});

type Event = { type: 'Counted'; data: { total: number } };
/** Counts: each command appends the running total, so the fold is visible in the data. */
const counter: Decider<number, { add: number }, Event> = {
  initialState: () => 0,
  evolve: (_total, event) => event.data.total,
  decide: (command, total) => [{ type: 'Counted', data: { total: total + command.add } }],
};

describe('executeCommand', () => {
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  afterAll(() => store.close());

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
