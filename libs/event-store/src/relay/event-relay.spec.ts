import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type NatsNames, natsNames } from '#contracts';
import { ensureEventsStream } from '#messaging';
import { EventStoreDbTestServer } from '../../../../test/support/eventstoredb-test-server/eventstoredb-test-server.js';
import { deleteNatsResources, uniquePrefix } from '../../../../test/support/nats-cleanup.js';
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store.js';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { type CheckpointStore, KvCheckpointStore } from './checkpoint-store.js';
import { EventRelay, POSITION_HEADER } from './event-relay.js';

const prefixes: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'trawl-relay-'));
let nc: NatsConnection;
/** Stopped and closed after each test, pass or fail, so a failure cannot leave a relay sleeping. */
let cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  nc = await connect({ servers: '127.0.0.1:4222' });
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

afterAll(async () => {
  await nc.close();
  for (const prefix of prefixes) await deleteNatsResources(prefix);
  rmSync(dir, { recursive: true, force: true });
});

/** Each test gets its own events stream, checkpoint bucket and store file. */
function setup() {
  const prefix = uniquePrefix('relay');
  prefixes.push(prefix);
  const file = join(dir, `${prefix}.sqlite`);
  const store = new SqliteEventStore(file);
  cleanups.push(() => store.close());
  return { names: natsNames(prefix), file, store };
}

function relayOf(...args: ConstructorParameters<typeof EventRelay>): EventRelay {
  const relay = new EventRelay(...args);
  cleanups.push(() => relay.stop());
  return relay;
}

const newEvents = (count: number) =>
  Array.from({ length: count }, () => ({
    id: randomUUID(),
    type: 'Happened',
    data: {},
    metadata: { correlationId: 'corr-1' },
  }));

/** Every message in the events stream, in stream order. */
async function published(names: NatsNames) {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(names.eventsStream);
  const messages = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    messages.push(await jsm.streams.getMessage(names.eventsStream, { seq }));
  }
  return messages.map((message) => {
    if (!message) throw new Error('a message vanished from the events stream');
    return message;
  });
}

/** Waits for a condition; the deadline only turns a hang into a clear failure. */
const until = async (condition: () => Promise<boolean> | boolean) => {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Remembers every save; `load` answers what the test says. */
function recordingCheckpoints(load: () => number = () => 0) {
  const saved: number[] = [];
  const store: CheckpointStore = {
    load: async () => load(),
    save: async (_name, position) => {
      saved.push(position);
    },
  };
  return { store, saved };
}

const HOUR = 3_600_000;

describe('EventRelay', () => {
  it('publishes events of several streams in global order with msg ids, and resumes from its checkpoint', async () => {
    const { names, store } = setup();
    const checkpoints = await KvCheckpointStore.open(nc, names);
    await store.append('scrape-a', newEvents(2), 'no_stream');
    await store.append('team-b', newEvents(1), 'no_stream');
    // Polling once an hour: anything relayed later came through the commit notification.
    const relay = relayOf(store, nc, names, checkpoints, { pollIntervalMs: HOUR });
    await relay.start();
    await until(async () => (await published(names)).length === 3);
    await store.append('scrape-a', newEvents(1), 1);
    await until(async () => (await published(names)).length === 4);
    await relay.stop();

    await store.append('scrape-c', newEvents(2), 'no_stream');
    const resumed = relayOf(store, nc, names, checkpoints, { pollIntervalMs: HOUR });
    await resumed.start();
    await until(async () => (await published(names)).length === 6);
    await resumed.stop();

    const messages = await published(names);
    const stored = await store.readAll();
    expect(messages.map((message) => message.json())).toEqual(stored);
    expect(messages.map((message) => message.header.get('Nats-Msg-Id'))).toEqual(stored.map((e) => e.id));
    expect(messages.map((message) => message.subject)).toEqual([
      `${names.prefix}.evt.scrape.Happened`,
      `${names.prefix}.evt.scrape.Happened`,
      `${names.prefix}.evt.team.Happened`,
      `${names.prefix}.evt.scrape.Happened`,
      `${names.prefix}.evt.scrape.Happened`,
      `${names.prefix}.evt.scrape.Happened`,
    ]);
    expect(messages[0]?.header.get(POSITION_HEADER)).toBe(String(stored[0]?.position));
    expect(messages[0]?.header.get('Trawl-Correlation-Id')).toBe('corr-1');
    expect(await checkpoints.load('relay')).toBe(stored.at(-1)?.position);
  });

  it("refuses to start on a prefix that relayed another event store, which would skip this store's events", async () => {
    const { names, store } = setup();
    const checkpoints = await KvCheckpointStore.open(nc, names);
    await store.append('team-a', newEvents(3), 'no_stream');
    const relay = relayOf(store, nc, names, checkpoints, { pollIntervalMs: HOUR });
    await relay.start();
    await until(async () => (await published(names)).length === 3);
    await relay.stop();

    // A fresh data dir on the same prefix: the new store's first events sit below the checkpoint.
    const fresh = new SqliteEventStore(join(dir, `${names.prefix}-fresh.sqlite`));
    cleanups.push(() => fresh.close());
    await fresh.append('team-b', newEvents(1), 'no_stream');
    await expect(relayOf(fresh, nc, names, checkpoints).start()).rejects.toThrow(
      `The NATS prefix "${names.prefix}" has relayed events up to position 3, but this event store ends at 1`,
    );
    expect(await published(names)).toHaveLength(3);
  });

  it('reports how far it relayed, so its lag is the head minus that position', async () => {
    const { names, store } = setup();
    await store.append('scrape-a', newEvents(3), 'no_stream');
    const relay = relayOf(store, nc, names, recordingCheckpoints(() => 1).store, { pollIntervalMs: HOUR });
    await relay.start();
    await until(async () => relay.relayedPosition === (await store.headPosition()));
    expect(relay.relayedPosition).toBe(3);
    // Resumed from checkpoint 1: only events 2 and 3 went out.
    expect(await published(names)).toHaveLength(2);
  });

  it('polls for events appended by another process on the same file', async () => {
    const { names, store, file } = setup();
    const otherProcess = new SqliteEventStore(file);
    cleanups.push(() => otherProcess.close());
    const relay = relayOf(store, nc, names, recordingCheckpoints().store, { pollIntervalMs: 50 });
    await relay.start();
    await otherProcess.append('scrape-x', newEvents(2), 'no_stream');
    await until(async () => (await published(names)).length === 2);
  });

  it('relays from EventStoreDB, where commits of another process arrive without polling', async () => {
    const { names } = setup();
    const server = await EventStoreDbTestServer.start();
    cleanups.push(() => server.stop());
    const store = EventStoreDbEventStore.connect(server.connectionString);
    const otherProcess = EventStoreDbEventStore.connect(server.connectionString);
    cleanups.push(() => store.close());
    cleanups.push(() => otherProcess.close());
    await store.append('scrape-a', newEvents(2), 'no_stream');
    const checkpoints = recordingCheckpoints();
    const relay = relayOf(store, nc, names, checkpoints.store, { pollIntervalMs: HOUR });
    await relay.start();
    await until(async () => (await published(names)).length === 2);
    await otherProcess.append('monitor-b', newEvents(1), 'no_stream');
    await until(async () => (await published(names)).length === 3);
    const messages = await published(names);
    const stored = await store.readAll();
    expect(messages.map((message) => message.json())).toEqual(stored);
    expect(messages.map((message) => message.header.get(POSITION_HEADER))).toEqual(
      stored.map((event) => String(event.position)),
    );
    expect(checkpoints.saved.at(-1)).toBe(stored.at(-1)?.position);
  });

  it('publishes nothing twice when the checkpoint was lost after publishing', async () => {
    const { names, store } = setup();
    await store.append('scrape-d', newEvents(3), 'no_stream');
    const head = await store.headPosition();
    // The checkpoint never moves: as if the relay crashed right after each publish.
    for (let restart = 0; restart < 2; restart++) {
      const { store: forgetful, saved } = recordingCheckpoints();
      const relay = relayOf(store, nc, names, forgetful, { name: 'forgetful', pollIntervalMs: HOUR });
      await relay.start();
      await until(() => saved.includes(head));
      await relay.stop();
    }
    const messages = await published(names);
    expect(messages.map((message) => message.json<{ position: number }>().position)).toEqual([1, 2, 3]);
  });

  it('retries a failed round without skipping or repeating events', async () => {
    const { names, store } = setup();
    const errors: unknown[] = [];
    const saved: number[] = [];
    const flaky: CheckpointStore = {
      load: async () => 0,
      save: async (_name, position) => {
        if (saved.length === 0 && errors.length === 0) throw new Error('checkpoint store down');
        saved.push(position);
      },
    };
    const relay = relayOf(store, nc, names, flaky, {
      pollIntervalMs: HOUR,
      batchSize: 2,
      onError: (error) => errors.push(error),
    });
    await store.append('scrape-e', newEvents(3), 'no_stream');
    await relay.start();
    await until(() => saved.includes(3));
    expect(errors).toHaveLength(1);

    // The events stream disappears: publishing fails until it is back, and nothing is skipped.
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(names.eventsStream);
    await store.append('scrape-e', newEvents(2), 2);
    await until(() => errors.length >= 2);
    await ensureEventsStream(jsm, names);
    await until(() => saved.includes(5));
    await relay.stop();
    const messages = await published(names);
    expect(messages.map((message) => message.json<{ position: number }>().position)).toEqual([4, 5]);
  });
});

describe('KvCheckpointStore', () => {
  it('answers 0 before the first save, then the saved position, and refuses a garbled one', async () => {
    const { names } = setup();
    const checkpoints = await KvCheckpointStore.open(nc, names);
    expect(await checkpoints.load('projector')).toBe(0);
    await checkpoints.save('projector', 42);
    expect(await checkpoints.load('projector')).toBe(42);
    const kv = await new Kvm(nc).open(names.kvBucket('checkpoints'));
    await kv.put('projector', 'forty-two');
    await expect(checkpoints.load('projector')).rejects.toThrow('not a position');
  });
});
