import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStoreDbTestServer } from '../../../../test/support/eventstoredb-test-server/eventstoredb-test-server.js';
import { EventStoreDbEventStore } from '../eventstoredb/eventstoredb-event-store.js';
import { SqliteEventStore } from '../sqlite/sqlite-event-store.js';
import { type MigrationCheckpoint, migrateEvents, occurredAt, runsOfOneStream } from './migrate-events.js';
import { canonicalJson, verifyMigration } from './verify-migration.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-migrate-'));
let server: EventStoreDbTestServer;
beforeAll(async () => {
  server = await EventStoreDbTestServer.start();
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const event = (type: string, data: unknown) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID(), causationId: 'cause', teamId: 'team-1' },
});

/** A small history with what a real one has: interleaved streams, batches, a deletion, a truncation. */
async function history(store: SqliteEventStore) {
  await store.append('team-1', [event('TeamCreated', { name: 'Acme' })], 'no_stream');
  for (let i = 0; i < 12; i++) {
    const scrape = `scrape-${i}`;
    await store.append(
      scrape,
      [event('ScrapeRequested', { url: `https://example.com/${i}`, i })],
      'no_stream',
    );
    await store.append(`monitor-${i % 3}`, [event('PageChecked', { i, nested: { b: 1, a: [1, 2] } })], 'any');
    await store.append(
      scrape,
      [event('PageFetched', { statusCode: 200 }), event('ScrapeCompleted', { i })],
      0,
    );
  }
  await store.deleteStream('scrape-3');
  await store.truncateStream('scrape-4', 2);
  await store.append('scrape-3', [event('ScrapeRequested', { again: true })], 'no_stream');
}

describe('migrateEvents + verifyMigration', () => {
  it('copies sqlite into EventStoreDB (test server) in order, resumes after a crash, and verifies', async () => {
    const source = new SqliteEventStore(join(dir, 'source.sqlite'));
    await history(source);
    const target = EventStoreDbEventStore.connect(server.connectionString);

    // A crash after the third batch was stored but before its checkpoint was saved.
    let saved: MigrationCheckpoint | undefined;
    let batches = 0;
    await expect(
      migrateEvents(source, target, {
        batchSize: 5,
        onBatch: (progress) => {
          if (++batches === 3) throw new Error('crash');
          saved = { position: progress.position, events: progress.events };
        },
      }),
    ).rejects.toThrow('crash');
    const progress: number[] = [];
    const done = await migrateEvents(source, target, {
      batchSize: 5,
      resumeFrom: saved,
      onBatch: ({ position, head }) => {
        progress.push(position / head);
      },
    });

    const sourceEvents = await source.readAll();
    expect(done).toEqual({ position: sourceEvents.at(-1)?.position, events: sourceEvents.length });
    expect(progress.at(-1)).toBe(1);
    const report = await verifyMigration(source, target);
    expect(report).toMatchObject({
      ok: true,
      sourceEvents: sourceEvents.length,
      targetEvents: sourceEvents.length,
    });
    expect(report.mismatched).toEqual([]);

    // Same global order, ids, types, data, metadata and original times.
    const copied = await target.readAll();
    expect(copied.map((e) => [e.id, e.streamId, e.type, e.data])).toEqual(
      sourceEvents.map((e) => [e.id, e.streamId, e.type, e.data]),
    );
    expect(copied.map(occurredAt)).toEqual(sourceEvents.map((e) => e.createdAt));
    expect(copied[0]?.metadata).toMatchObject(sourceEvents[0]?.metadata as object);
    // Hidden source events stay hidden: the restarted stream starts afresh in the target.
    expect((await target.readStream('scrape-3')).map((e) => [e.revision, e.data])).toEqual([
      [0, { again: true }],
    ]);

    // A tampered copy is caught, stream by stream.
    await target.append('scrape-5', [event('ScrapeCompleted', { forged: true })], 2);
    const tampered = await verifyMigration(source, target);
    expect(tampered.ok).toBe(false);
    expect(tampered.mismatched.map((m) => [m.streamId, m.source.events, m.target?.events])).toEqual([
      ['scrape-5', 3, 4],
    ]);

    await source.close();
    await target.close();
  });

  it('groups consecutive events of one stream and hashes JSON whatever its key order', () => {
    const at = (streamId: string) => ({ streamId }) as Parameters<typeof runsOfOneStream>[0][number];
    expect(runsOfOneStream([at('a'), at('a'), at('b'), at('a')]).map((run) => run.length)).toEqual([2, 1, 1]);
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: 3 } })).toBe(
      canonicalJson({ a: { c: 3, d: [2, { x: 2, y: 1 }] }, b: 1 }),
    );
  });
});
