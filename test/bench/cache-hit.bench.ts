import { Agent, request as httpRequest } from 'node:http';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { startTrawl } from '../support/trawl-process.js';

const CONCURRENCY = 16;
const REQUESTS = 2_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Cache-hit `/v2/scrape` latency and throughput at concurrency 16, beside a cache miss of the same page. */
export async function benchCacheHits(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({ env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_TEAM: '0' } });
  // A lean keep-alive client, so the figures measure the server rather than the client.
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const scrape = (body: object) =>
    new Promise<{ ms: number; cacheState?: string }>((resolve, reject) => {
      const started = process.hrtime.bigint();
      const payload = JSON.stringify(body);
      const req = httpRequest(
        `${trawl.baseUrl}/v2/scrape`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${trawl.apiKey}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString()) as {
              data?: { metadata?: { cacheState?: string } };
            };
            resolve({
              ms: Number(process.hrtime.bigint() - started) / 1e6,
              cacheState: json.data?.metadata?.cacheState,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  try {
    const url = site.url('/articles/tide-pools');
    const miss = await scrape({ url });
    // Wait for the projection to index the page.
    while ((await scrape({ url, minAge: 1 })).cacheState !== 'hit')
      await new Promise((r) => setTimeout(r, 100));
    const latencies: number[] = [];
    let sent = 0;
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (sent++ < REQUESTS) {
          const hit = await scrape({ url });
          if (hit.cacheState !== 'hit') throw new Error('expected a cache hit');
          latencies.push(hit.ms);
        }
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((a, b) => a - b);
    return {
      'cache miss (fresh scrape) ms': miss.ms.toFixed(1),
      'cache hit p50 ms (concurrency 16)': percentile(latencies, 0.5).toFixed(2),
      'cache hit p99 ms (concurrency 16)': percentile(latencies, 0.99).toFixed(2),
      'cache hits per second': (latencies.length / seconds).toFixed(0),
      'miss / hit p50': `${(miss.ms / percentile(latencies, 0.5)).toFixed(0)}×`,
    };
  } finally {
    agent.destroy();
    await trawl.stop();
    await site.close();
  }
}
