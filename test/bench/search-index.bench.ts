import { randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { type IndexedPage, indexKey, rankIndexedPages, SEARCH_INDEX_READ_MODEL, SearchIndex } from '#search';

const PAGES = 5_000;
const PUT_CONCURRENCY = 64;

/**
 * Reading a team's search index (what every local search and every map does), against reading the
 * same entries one get per key (how it was read before), and ranking them for a query, on a bucket
 * of its own that it deletes afterwards.
 */
export async function benchSearchIndex(): Promise<Record<string, string>> {
  const nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
  const names = natsNames(`bench_${randomUUID().slice(0, 8)}`);
  const kv = await new Kvm(nc).create(names.kvBucket(SEARCH_INDEX_READ_MODEL));
  try {
    const teamId = randomUUID();
    const words = ['harbour', 'tide', 'lantern', 'quay', 'gull', 'rope', 'kelp', 'ferry'];
    for (let start = 0; start < PAGES; start += PUT_CONCURRENCY) {
      await Promise.all(
        Array.from({ length: Math.min(PUT_CONCURRENCY, PAGES - start) }, (_, offset) => {
          const i = start + offset;
          const page: IndexedPage = {
            url: `https://site.test/page-${i}`,
            title: `Page ${i} about the ${words[i % words.length]}`,
            description: '',
            text: `${words[(i * 7) % words.length]} `.repeat(300),
            scrapedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
          };
          return kv.put(indexKey(teamId, page.url), JSON.stringify(page));
        }),
      );
    }
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    };
    const perKey = await timed(async () => {
      let read = 0;
      for await (const key of await kv.keys(`${teamId}.>`))
        if ((await kv.get(key))?.operation === 'PUT') read++;
      return read;
    });
    const index = new SearchIndex(nc, names);
    const watched = await timed(() => index.pages(teamId));
    const ranked = await timed(async () =>
      rankIndexedPages(watched.result, 'harbour lantern', {
        limit: 5,
        includeDomains: [],
        excludeDomains: [],
      }),
    );
    return {
      [`read ${PAGES} pages, one get per key`]: `${Math.round(perKey.ms)} ms (${perKey.result} pages)`,
      [`read ${PAGES} pages, one watch`]: `${Math.round(watched.ms)} ms (${watched.result.length} pages)`,
      'watch against one get per key': `${(watched.ms / perKey.ms).toFixed(2)}×`,
      [`rank ${PAGES} pages for a query`]: `${Math.round(ranked.ms)} ms (${(ranked.ms / watched.ms).toFixed(2)}× the read)`,
    };
  } finally {
    await kv.destroy();
    await nc.close();
  }
}
