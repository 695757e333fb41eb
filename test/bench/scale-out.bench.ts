import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { post } from '../support/scrape-client.js';
import { startTrawl } from '../support/trawl-process.js';

const PAGES = 16;
const PAGE_MS = 1_000;

/**
 * Scale-out: 16 pages that each take a second to answer, scraped at once with two pages per
 * browser-worker, on one worker and then with a second worker beside it. The pages wait on the
 * site, not on the CPU, so a second worker can halve the time even on this 2-core machine.
 */
export async function benchScaleOut(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({ env: { LOG_LEVEL: 'info', BROWSER_CONCURRENCY: '2' } });
  try {
    let round = 0;
    const scrapeAll = async () => {
      round++;
      const started = performance.now();
      const scrapes = await Promise.all(
        Array.from({ length: PAGES }, (_, page) =>
          post(trawl, '/v2/scrape', {
            url: site.url(`/slow?ms=${PAGE_MS}&round=${round}&page=${page}`),
            formats: ['markdown'],
            maxAge: 0,
            timeout: 120_000,
          }),
        ),
      );
      const failed = scrapes.filter((scrape) => scrape.status !== 200).length;
      if (failed > 0) throw new Error(`${failed} scrapes failed`);
      return performance.now() - started;
    };
    await scrapeAll(); // the browser started and warm
    const oneWorker = await scrapeAll();
    await trawl.startApp('browser-worker');
    await scrapeAll(); // the second browser started and warm
    const twoWorkers = await scrapeAll();
    return {
      [`${PAGES} pages of ${PAGE_MS} ms, one worker vs two (2 pages each)`]: `${(oneWorker / 1000).toFixed(1)} s vs ${(twoWorkers / 1000).toFixed(1)} s: ${(twoWorkers / oneWorker).toFixed(2)}×`,
    };
  } finally {
    await trawl.stop();
    await site.close();
  }
}
