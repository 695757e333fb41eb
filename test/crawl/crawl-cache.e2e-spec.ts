import Firecrawl, { type Document } from '@mendable/firecrawl-js';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { post, waitUntilCached } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const fetchesOf = (path: string) => running.site.requests.filter((request) => request.path === path).length;
const metadataOf = (document: Document) => document.metadata as Record<string, unknown>;
const pathOf = (document: Document) => new URL(metadataOf(document).sourceURL as string).pathname;
const jobOptions = { pollInterval: 1, timeout: 120 };

describe('crawl and batch scrape pages read the scrape cache, as Firecrawl does', () => {
  it('converts a batch page from a copy younger than maxAge, without visiting it; maxAge 0 visits it', async () => {
    const url = running.site.url('/changing');
    const first = await post(running.trawl, '/v2/scrape', { url });
    const version = /Version \d+/.exec(first.body.data.markdown)?.[0];
    await waitUntilCached(running.trawl, url);
    const scrapeHit = await post(running.trawl, '/v2/scrape', { url });
    const fetches = fetchesOf('/changing');

    const job = await client().batchScrape([url], {
      options: { formats: ['markdown', 'html'] },
      ...jobOptions,
    });
    expect(job).toMatchObject({ status: 'completed', completed: 1, creditsUsed: 1 });
    const [hit] = job.data;
    expect(metadataOf(hit)).toMatchObject({
      cacheState: 'hit',
      cachedAt: scrapeHit.body.data.metadata.cachedAt,
      statusCode: 200,
      sourceURL: url,
    });
    expect(hit.markdown).toContain(version);
    expect(hit.html).toContain('<h1>Tide table</h1>');
    expect(fetchesOf('/changing')).toBe(fetches);

    const fresh = await client().batchScrape([url], { options: { maxAge: 0 }, ...jobOptions });
    expect(fresh.data[0].markdown).toMatch(/Version \d+/);
    expect(fresh.data[0].markdown).not.toContain(version);
    expect(metadataOf(fresh.data[0]).cacheState).toBeUndefined();
    expect(fetchesOf('/changing')).toBe(fetches + 1);
  });

  it('crawls a site a second time from the cache: the same documents, only robots.txt and sitemaps fetched', async () => {
    const crawl = () =>
      client().crawl(running.site.url('/crawl/'), {
        excludePaths: ['^/crawl/calendar', 'loop'],
        ignoreQueryParameters: true,
        scrapeOptions: { formats: ['markdown'] },
        ...jobOptions,
      });
    const first = await crawl();
    expect(first.data.length).toBeGreaterThanOrEqual(5);
    expect(first.data.map((page) => metadataOf(page).cacheState)).toEqual(first.data.map(() => 'miss'));
    for (const page of first.data) await waitUntilCached(running.trawl, metadataOf(page).sourceURL as string);
    const requestsBefore = running.site.requests.length;

    const second = await crawl();
    expect(second).toMatchObject({ status: 'completed', creditsUsed: first.data.length });
    const byPath = new Map(first.data.map((page) => [pathOf(page), page]));
    expect(second.data.map(pathOf).sort()).toEqual([...byPath.keys()].sort());
    for (const page of second.data) {
      expect(metadataOf(page).cacheState).toBe('hit');
      expect(page.markdown).toBe(byPath.get(pathOf(page))?.markdown);
    }
    const fetched = running.site.requests.slice(requestsBefore).map((request) => request.path);
    expect(fetched.filter((path) => !/^\/(robots\.txt|sitemap[\w-]*\.xml)$/.test(path))).toEqual([]);
  });

  it('fetches a page anew when the body of its cached copy is gone', async () => {
    const url = running.site.url('/changing?body-gone');
    const first = await post(running.trawl, '/v2/scrape', { url });
    const version = /Version \d+/.exec(first.body.data.markdown)?.[0];
    await waitUntilCached(running.trawl, url);
    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const blobs = await new Objm(nc).open(`${running.trawl.prefix}_blobs`);
      expect(await blobs.delete(`pages/${first.body.data.metadata.scrapeId}`)).toBeTruthy();
    } finally {
      await nc.close();
    }

    const job = await client().batchScrape([url], jobOptions);
    expect(job).toMatchObject({ status: 'completed', completed: 1 });
    expect(metadataOf(job.data[0]).cacheState).toBe('miss');
    expect(job.data[0].markdown).toMatch(/Version \d+/);
    expect(job.data[0].markdown).not.toContain(version);
  });

  it('minAge and lockdown read only the cache: a page without a copy fails unvisited', async () => {
    const cachedUrl = running.site.url('/articles/tide-pools');
    const uncachedUrl = running.site.url('/crawl/about?never-scraped');
    await post(running.trawl, '/v2/scrape', { url: cachedUrl });
    await waitUntilCached(running.trawl, cachedUrl);

    const job = await client().batchScrape([cachedUrl, uncachedUrl], {
      options: { minAge: 1 },
      ...jobOptions,
    });
    expect(job).toMatchObject({ status: 'completed', completed: 2 });
    expect(job.data.map((page) => metadataOf(page).sourceURL)).toEqual([cachedUrl]);
    expect(metadataOf(job.data[0]).cacheState).toBe('hit');
    const errors = await client().getBatchScrapeErrors(job.id as string);
    expect(errors.errors).toEqual([
      expect.objectContaining({ url: uncachedUrl, code: 'SCRAPE_NO_CACHED_DATA' }),
    ]);
    expect(running.site.requests.some((request) => request.path.includes('never-scraped'))).toBe(false);

    // Lockdown reads only the cache too, and keeps the batch in memory (as zero data retention).
    const locked = await client().batchScrape([cachedUrl, uncachedUrl], {
      options: { lockdown: true },
      ...jobOptions,
    });
    expect(locked).toMatchObject({ status: 'completed', completed: 2 });
    expect(locked.data.map((page) => [metadataOf(page).sourceURL, metadataOf(page).cacheState])).toEqual([
      [cachedUrl, 'hit'],
    ]);
    expect((await client().getBatchScrapeErrors(locked.id as string)).errors).toEqual([
      expect.objectContaining({ url: uncachedUrl, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' }),
    ]);
    expect(running.site.requests.some((request) => request.path.includes('never-scraped'))).toBe(false);
  });
});
