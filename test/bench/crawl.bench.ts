import Firecrawl from '@mendable/firecrawl-js';
import { BIG_SITE, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { startTrawl } from '../support/trawl-process.js';

/** Pages per second of a local crawl of the big fixture (61 pages) at maxConcurrency 1, 4 and 8. */
export async function benchCrawl(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_TEAM: '0', BROWSER_CONCURRENCY: '8' },
  });
  const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
  const figures: Record<string, string> = {};
  try {
    for (const maxConcurrency of [1, 4, 8]) {
      const started = process.hrtime.bigint();
      const job = await client.crawl(site.url('/big/'), {
        ignoreQueryParameters: true,
        maxConcurrency,
        // Generous per-page timeout: the figure is throughput, not a loaded machine's latency.
        scrapeOptions: { formats: ['markdown'], timeout: 120_000 },
        pollInterval: 1,
        timeout: 1_800,
      });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const expected = 1 + BIG_SITE.treePages + BIG_SITE.orphans;
      // A failed page hides its subtree: say so rather than report a rate over a smaller crawl.
      const failed = (await client.getCrawlErrors(job.id)).errors.length - 1; // the redirect loop always fails
      const figure = `${(job.data.length / seconds).toFixed(2)} (${job.data.length}/${expected} pages, ${failed} failed)`;
      figures[`pages/s at maxConcurrency ${maxConcurrency}`] = figure;
      console.log(`maxConcurrency ${maxConcurrency}: ${figure}`);
    }
    return figures;
  } finally {
    await trawl.stop();
    await site.close();
  }
}
