import { randomUUID } from 'node:crypto';
import { EventStoreDbTestServer } from '../../../../test/support/eventstoredb-test-server/eventstoredb-test-server.js';
import { describeEventStoreContract } from '../event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

let server: EventStoreDbTestServer;
beforeAll(async () => {
  server = await EventStoreDbTestServer.start();
});
afterAll(async () => {
  await server.stop();
});

// The real client over real gRPC, against the in-process server that speaks EventStoreDB's protocol.
describeEventStoreContract('eventstoredb (gRPC test server)', async () =>
  EventStoreDbEventStore.connect(server.connectionString),
);

// And against a real EventStoreDB when one is given, e.g.
// EVENTSTORE_CONNECTION_STRING='esdb://127.0.0.1:2113?tls=false'
const real = process.env.EVENTSTORE_CONNECTION_STRING;
if (real)
  describeEventStoreContract('eventstoredb (real server)', async () => EventStoreDbEventStore.connect(real));

describe('EventStoreDbEventStore', () => {
  const event = (type = 'Happened') => ({
    id: randomUUID(),
    type,
    data: { at: 1 },
    metadata: { correlationId: 'c' },
  });
  let a: EventStoreDbEventStore;
  let b: EventStoreDbEventStore;
  beforeAll(() => {
    // Pages of 20 events of $all: reads cross page boundaries without hundreds of writes.
    a = EventStoreDbEventStore.connect(server.connectionString, { allPageSize: 20 });
    b = EventStoreDbEventStore.connect(server.connectionString);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('announces commits of other processes through a live $all subscription, its own once', async () => {
    let commits = 0;
    const stop = a.onCommitted(() => commits++);
    await a.append(`own-${randomUUID()}`, [event(), event()], 'no_stream');
    await b.append(`foreign-${randomUUID()}`, [event()], 'no_stream');
    await until(() => commits >= 2);
    // A later foreign commit proves the own append was not echoed: exactly one more arrives.
    await b.append(`foreign-${randomUUID()}`, [event()], 'no_stream');
    await until(() => commits >= 3);
    stop();
    expect(commits).toBe(3);
  });

  it('maps positions to commit positions, skips system streams in readAll, and pages past them', async () => {
    const start = await a.headPosition();
    const id = `paged-${randomUUID()}`;
    await a.append(id, [event()], 'no_stream');
    // Metadata writes ($$ system events) filling more than two pages between two visible events.
    for (let i = 0; i < 50; i++) await a.setStreamMetadata(`meta-${i}-${randomUUID()}`, { maxCount: 1 });
    await a.append(id, [event()], 0);
    const read = await a.readAll({ afterPosition: start, maxCount: 2 });
    expect(read.map((e) => [e.streamId, e.revision])).toEqual([
      [id, 0],
      [id, 1],
    ]);
    const stored = server.log.all.filter((record) => record.streamName === id);
    expect(read.map((e) => e.position)).toEqual(stored.map((record) => Number(record.logPosition)));
    expect(await a.headPosition()).toBe(read[1]?.position);
  });

  it('keeps a stream deleted when its metadata would be replaced, and says so', async () => {
    const id = `deleted-${randomUUID()}`;
    await a.append(id, [event()], 'no_stream');
    await a.deleteStream(id, 'stream_exists');
    await expect(a.setStreamMetadata(id, { maxAge: 60 })).rejects.toThrow('soft-deleted');
    expect(await a.getStreamMetadata(id)).toEqual({});
    await a.truncateStream(id, 5);
    await a.append(id, [event()], 'no_stream');
    expect((await a.readStream(id)).map((e) => e.revision)).toEqual([1]);
  });
});

/** Waits for a condition; the deadline only turns a hang into a clear failure. */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
