import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { deleteNatsResources, uniquePrefix } from '../../../../test/support/nats-cleanup.js';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { type CheckpointStore, KvCheckpointStore } from './checkpoint-store.js';
import { EventRelay, POSITION_HEADER } from './event-relay.js';

const prefix = uniquePrefix('relay');
const names = natsNames(prefix);
const dir = mkdtempSync(join(tmpdir(), 'trawl-relay-'));
let nc: NatsConnection;
let store: SqliteEventStore;

beforeAll(async () => {
  nc = await connect({ servers: '127.0.0.1:4222' });
  store = new SqliteEventStore(join(dir, 'events.sqlite'));
});

afterAll(async () => {
  await store.close();
  await nc.close();
  await deleteNatsResources(prefix);
  rmSync(dir, { recursive: true, force: true });
});

const append = (streamId: string, count: number) =>
  store.append(
    streamId,
    Array.from({ length: count }, () => ({
      id: randomUUID(),
      type: 'Happened',
      data: {},
      metadata: { correlationId: 'corr-1' },
    })),
    'any',
  );

/** Every message in the events stream, in stream order. */
async function published() {
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(names.eventsStream);
  const messages = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
    messages.push(await jsm.streams.getMessage(names.eventsStream, { seq }));
  }
  return messages;
}

const until = async (condition: () => Promise<boolean>) => {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('EventRelay', () => {
  it('publishes committed events once, in global order, and resumes from its checkpoint', async () => {
    const checkpoints = await KvCheckpointStore.open(nc, names);
    await append('scrape-a', 2);
    await append('team-b', 1);
    const relay = new EventRelay(store, nc, names, checkpoints, { pollIntervalMs: 100 });
    await relay.start();
    await until(async () => (await published()).length === 3);

    // Appended while running: relayed through the commit notification.
    await append('scrape-a', 1);
    await until(async () => (await published()).length === 4);
    await relay.stop();

    await append('scrape-c', 2);
    const resumed = new EventRelay(store, nc, names, checkpoints, { pollIntervalMs: 100 });
    await resumed.start();
    await until(async () => (await published()).length === 6);
    await resumed.stop();

    const messages = await published();
    const events = messages.map((message) => message!.json<{ position: number; streamId: string }>());
    expect(events.map((event) => event.position)).toEqual(
      (await store.readAll()).map((event) => event.position),
    );
    expect(messages[0]?.subject).toBe(`${prefix}.evt.scrape.Happened`);
    expect(messages[2]?.subject).toBe(`${prefix}.evt.team.Happened`);
    expect(messages[0]?.header.get(POSITION_HEADER)).toBe(String(events[0]?.position));
    expect(messages[0]?.header.get('Trawl-Correlation-Id')).toBe('corr-1');
    expect(await checkpoints.load('relay')).toBe(events.at(-1)?.position);
  });

  it('publishes nothing twice after a crash between publishing and saving the checkpoint', async () => {
    const before = (await published()).length;
    await append('scrape-d', 3);
    // A relay whose checkpoint never moves: as if it crashed right after every publish.
    const forgetful: CheckpointStore = { load: async () => 0, save: async () => undefined };
    for (let restart = 0; restart < 2; restart++) {
      const relay = new EventRelay(store, nc, names, forgetful, { name: 'forgetful', pollIntervalMs: 100 });
      await relay.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await relay.stop();
    }
    expect((await published()).length).toBe(before + 3);
  });
});
