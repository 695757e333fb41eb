import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventStore, EventStoreDbEventStore, type NewEvent, SqliteEventStore } from '#event-store';
import { KV_PROJECTIONS, rebuildReadModels } from '../../apps/projector/src/rebuild/index.js';
import { EventStoreDbTestServer } from '../support/eventstoredb-test-server/eventstoredb-test-server.js';

const SINGLE_APPENDS = 2_000;
const BATCHES = 100;
const BATCH_SIZE = 100;
/** The rebuild log: scrape streams of four events each, as Trawl writes them. */
const REBUILD_STREAMS = 25_000;
const SEED_CONCURRENCY = 16;

const perSecond = (count: number, ms: number) =>
  `${Math.round((count * 1000) / ms).toLocaleString('en-US')} ev/s`;
const event = (type: string, data: unknown): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID(), teamId: 'team-1' },
});

function scrapeStream(i: number): NewEvent[] {
  const scrapeId = `s${i}`;
  const fetchedAt = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  const page = {
    url: `https://site.test/${i % 5_000}`,
    statusCode: 200,
    contentType: 'text/html',
    bodyBlob: `blob-${i}`,
  };
  return [
    event('ScrapeRequested', { scrapeId, teamId: 'team-1', url: page.url, formats: ['markdown'] }),
    event('PageFetched', { scrapeId, page, fetchedAt }),
    event('FormatsExtracted', { scrapeId, formats: ['markdown'], documentBlob: `doc-${i}` }),
    event('ScrapeCompleted', {
      scrapeId,
      teamId: 'team-1',
      page,
      fetchedAt,
      cacheKey: `team-1:${page.url}`,
      changeTrackingKey: `team-1:${page.url}:`,
      documentBlob: `doc-${i}`,
    }),
  ];
}

async function measure(store: EventStore): Promise<Record<string, string>> {
  let started = performance.now();
  for (let i = 0; i < SINGLE_APPENDS; i++)
    await store.append(`single-${randomUUID()}`, [event('Happened', { i })], 'no_stream');
  const single = perSecond(SINGLE_APPENDS, performance.now() - started);

  started = performance.now();
  for (let i = 0; i < BATCHES; i++) {
    await store.append(
      `batch-${randomUUID()}`,
      Array.from({ length: BATCH_SIZE }, (_, j) => event('Happened', { j })),
      'no_stream',
    );
  }
  const batched = perSecond(BATCHES * BATCH_SIZE, performance.now() - started);

  let next = 0;
  const seed = async () => {
    while (next < REBUILD_STREAMS) {
      const i = next++;
      await store.append(`scrape-${i}`, scrapeStream(i), 'no_stream');
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, seed));
  started = performance.now();
  const rebuilt = await rebuildReadModels(store, KV_PROJECTIONS);
  const rebuild = perSecond(rebuilt.events, performance.now() - started);
  return {
    'append, one event per append': single,
    [`append, ${BATCH_SIZE} events per append`]: batched,
    [`rebuild every read model (${Math.round(rebuilt.events / 1000)}k events)`]: rebuild,
  };
}

/**
 * Event store throughput per adapter: appends one at a time and in batches (sequential, awaited),
 * and a full rebuild of every read model from position zero. The EventStoreDB figures run the real
 * client against the in-process gRPC test server, sharing this process: they measure the adapter
 * and the wire, not an EventStoreDB server.
 */
export async function benchEventStore(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-bench-store-'));
  const figures: Record<string, string> = {};
  try {
    const sqlite = new SqliteEventStore(join(dir, 'events.sqlite'));
    for (const [name, value] of Object.entries(await measure(sqlite))) figures[`sqlite: ${name}`] = value;
    await sqlite.close();
    const server = await EventStoreDbTestServer.start();
    const esdb = EventStoreDbEventStore.connect(server.connectionString);
    for (const [name, value] of Object.entries(await measure(esdb)))
      figures[`eventstoredb (test server): ${name}`] = value;
    await esdb.close();
    await server.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
