import Firecrawl from '@mendable/firecrawl-js';
import type { BigSiteSize } from '../fixtures/site/fixture-site.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

// Every trap on every level of a three-level tree (2, 4 and 8 pages), plus sitemap-only orphans:
// 19 pages. The crawl bench keeps the 61-page default for its throughput figure.
const SIZE: BigSiteSize = { treePages: 14, orphans: 4 };
const running = trawlWithSite({
  env: { BROWSER_CONCURRENCY: '8', RATE_LIMIT_PER_TEAM: '0' },
  bigSite: SIZE,
});

describe('a site full of traps', () => {
  it('is crawled to exactly its page set: sitemap orphans in, session ids, calendar and redirect loop out', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const job = await client.crawl(running.site.url('/big/'), {
      ignoreQueryParameters: true,
      maxConcurrency: 8,
      // A page that times out would hide its subtree; a loaded machine must not make that happen.
      scrapeOptions: { formats: ['markdown'], timeout: 120_000 },
      pollInterval: 2,
      timeout: 840,
    });
    const expected = [
      '/big/',
      ...Array.from({ length: SIZE.treePages }, (_, n) => `/big/p/${n}`),
      ...Array.from({ length: SIZE.orphans }, (_, n) => `/big/orphan/${n}`),
    ].sort();
    const crawled = job.data
      .map((document) => new URL(document.metadata?.sourceURL as string).pathname)
      .sort();
    expect(job.status).toBe('completed');
    expect(crawled).toEqual(expected);
    const errors = await client.getCrawlErrors(job.id);
    expect(errors.errors.map((error) => new URL(error.url).pathname)).toEqual(['/big/loop/a']);
    expect(errors.robotsBlocked).toEqual([running.site.url('/big/calendar')]);
    const calendarFetches = running.site.requests.filter((request) =>
      request.path.startsWith('/big/calendar'),
    );
    expect(calendarFetches).toEqual([]);
  }, 900_000);
});
