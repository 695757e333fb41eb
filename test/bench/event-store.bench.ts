import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectEventStoreDb, type EventStore, type NewEvent, SqliteEventStore } from '#event-store';
import { ALL_PROJECTIONS, rebuildReadModels } from '../../apps/projector/src/rebuild/index.js';
import { EventStoreDbTestServer } from '../support/eventstoredb-test-server/eventstoredb-test-server.js';

const SINGLE_APPENDS = 1_000;
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

/** Wall-clock rate, and the rate per CPU-second of this process (client and, for the test server, server). */
async function rate(count: number, work: () => Promise<void>): Promise<string> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return `${perSecond(count, wallMs)} (${perSecond(count, cpuMs).replace(' ev/s', '')} per CPU-second)`;
}

async function measureAppends(store: EventStore): Promise<Record<string, string>> {
  const single = await rate(SINGLE_APPENDS, async () => {
    for (let i = 0; i < SINGLE_APPENDS; i++) {
      await store.append(`single-${randomUUID()}`, [event('Happened', { i })], 'no_stream');
    }
  });
  const batched = await rate(BATCHES * BATCH_SIZE, async () => {
    for (let i = 0; i < BATCHES; i++) {
      const batch = Array.from({ length: BATCH_SIZE }, (_, j) => event('Happened', { j }));
      await store.append(`batch-${randomUUID()}`, batch, 'no_stream');
    }
  });
  return { 'append, one event per append': single, [`append, ${BATCH_SIZE} events per append`]: batched };
}

/** A fresh store holding only the scrape log, so the rebuild reads exactly that many events. */
async function measureRebuild(store: EventStore): Promise<Record<string, string>> {
  let next = 0;
  const seed = async () => {
    while (next < REBUILD_STREAMS) {
      const i = next++;
      await store.append(`scrape-${i}`, scrapeStream(i), 'no_stream');
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, seed));
  const events = REBUILD_STREAMS * 4;
  const figure = await rate(events, async () => {
    // The seeded scrapes have no documents in a blob store: the search index reads and skips them.
    const noBlobs = { getText: async () => undefined };
    const rebuilt = await rebuildReadModels(store, ALL_PROJECTIONS, { blobs: noBlobs });
    if (rebuilt.events !== events) throw new Error(`rebuild read ${rebuilt.events} events, not ${events}`);
  });
  return { [`rebuild every read model (${events / 1000}k events)`]: figure };
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
  const record = (adapter: string, measured: Record<string, string>) => {
    for (const [name, value] of Object.entries(measured)) figures[`${adapter}: ${name}`] = value;
  };
  try {
    for (const file of ['appends.sqlite', 'rebuild.sqlite']) {
      const sqlite = new SqliteEventStore(join(dir, file));
      record('sqlite', await (file === 'appends.sqlite' ? measureAppends(sqlite) : measureRebuild(sqlite)));
      await sqlite.close();
    }
    for (const measure of [measureAppends, measureRebuild]) {
      const server = await EventStoreDbTestServer.start();
      const esdb = await connectEventStoreDb(server.connectionString);
      record('eventstoredb (test server)', await measure(esdb));
      await esdb.close();
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
