import Firecrawl from '@mendable/firecrawl-js';
import { BIG_SITE, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { startTrawl } from '../support/trawl-process.js';

/**
 * Pages per second of a local crawl of the big fixture (61 pages) at maxConcurrency 1, 4 and 8,
 * every page fetched (`maxAge: 0`); then a crawl that fills the cache and one that reads it back.
 */
export async function benchCrawl(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_TEAM: '0', BROWSER_CONCURRENCY: '8' },
  });
  const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
  const expected = 1 + BIG_SITE.treePages + BIG_SITE.orphans;
  const crawl = async (maxConcurrency: number, maxAge?: number) => {
    const started = process.hrtime.bigint();
    const job = await client.crawl(site.url('/big/'), {
      ignoreQueryParameters: true,
      maxConcurrency,
      // Generous per-page timeout: the figure is throughput, not a loaded machine's latency.
      scrapeOptions: { formats: ['markdown'], timeout: 120_000, ...(maxAge === undefined ? {} : { maxAge }) },
      pollInterval: 1,
      timeout: 1_800,
    });
    const rate = job.data.length / (Number(process.hrtime.bigint() - started) / 1e9);
    // A failed page hides its subtree: say so rather than report a rate over a smaller crawl.
    const failed = (await client.getCrawlErrors(job.id)).errors.length - 1; // the redirect loop always fails
    return { rate, pages: `${job.data.length}/${expected} pages, ${failed} failed` };
  };
  const figures: Record<string, string> = {};
  const report = (name: string, figure: string) => {
    figures[name] = figure;
    console.log(`${name}: ${figure}`);
  };
  try {
    let fresh = 0;
    for (const maxConcurrency of [1, 4, 8]) {
      const { rate, pages } = await crawl(maxConcurrency, 0);
      report(`pages/s at maxConcurrency ${maxConcurrency}`, `${rate.toFixed(2)} (${pages})`);
      fresh = rate;
    }
    await crawl(8);
    const cached = await crawl(8);
    report(
      'pages/s of a second crawl, from the cache, at maxConcurrency 8',
      `${cached.rate.toFixed(2)} (${cached.pages}): ${(cached.rate / fresh).toFixed(1)}× the fetching crawl`,
    );
    return figures;
  } finally {
    await trawl.stop();
    await site.close();
  }
}
