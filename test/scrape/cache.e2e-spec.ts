import { post, waitUntilCached } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();

const scrape = (body: Record<string, unknown>, apiKey?: string) =>
  post(running.trawl, '/v2/scrape', body, { apiKey });
const fetchesOf = (path: string) => running.site.requests.filter((request) => request.path === path).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cached = (url: string) => waitUntilCached(running.trawl, url);

describe('the scrape cache', () => {
  it('serves a second scrape from the cache, deriving other formats from the cached page', async () => {
    const url = running.site.url('/changing');
    const first = await scrape({ url });
    expect(first.body.data.metadata.cacheState).toBe('miss');
    const version = /Version \d+/.exec(first.body.data.markdown)?.[0];
    await cached(url);
    const fetches = fetchesOf('/changing');

    const hit = await scrape({ url, formats: ['markdown', 'links', 'html'] });
    expect(hit.status).toBe(200);
    expect(hit.body.data.metadata).toMatchObject({ cacheState: 'hit', sourceURL: url, statusCode: 200 });
    expect(Date.parse(hit.body.data.metadata.cachedAt)).toBeLessThanOrEqual(Date.now());
    expect(hit.body.data.markdown).toContain(version);
    expect(hit.body.data.html).toContain('<h1>Tide table</h1>');
    expect(hit.body.data.links).toEqual([]);
    expect(hit.body.data.metadata.scrapeId).not.toBe(first.body.data.metadata.scrapeId);
    expect(fetchesOf('/changing')).toBe(fetches);

    const fresh = await scrape({ url, maxAge: 0 });
    expect(fresh.body.data.metadata.cacheState).toBeUndefined();
    expect(fresh.body.data.markdown).not.toContain(version);
    expect(fetchesOf('/changing')).toBe(fetches + 1);

    // The fresh page replaces the cached copy: later readers get the newest.
    const freshVersion = /Version \d+/.exec(fresh.body.data.markdown)?.[0] as string;
    await until(async () => {
      const copy = await scrape({ url, minAge: 1 });
      return copy.status === 200 && copy.body.data.markdown.includes(freshVersion);
    }, 'the fresh page to replace the cached copy');
    const after = await scrape({ url });
    expect(after.body.data.metadata.cacheState).toBe('hit');
    expect(after.body.data.markdown).toContain(freshVersion);
    expect(fetchesOf('/changing')).toBe(fetches + 1);
  });

  it('a page fetched for a screenshot or change tracking refreshes the copy that cache-only answers serve', async () => {
    const url = running.site.url('/changing?live');
    await scrape({ url });
    await cached(url);
    const tracked = await scrape({ url, formats: ['markdown', 'changeTracking'] });
    expect(tracked.body.data.metadata.cacheState).toBeUndefined();
    const trackedVersion = /Version \d+/.exec(tracked.body.data.markdown)?.[0] as string;
    await until(async () => {
      const copy = await scrape({ url, minAge: 1 });
      return copy.status === 200 && copy.body.data.markdown.includes(trackedVersion);
    }, 'the page fetched for change tracking to replace the cached copy');

    const photographed = await scrape({ url, formats: ['markdown', { type: 'screenshot', fullPage: true }] });
    const photographedVersion = /Version \d+/.exec(photographed.body.data.markdown)?.[0] as string;
    expect(photographedVersion).not.toBe(trackedVersion);
    // A screenshot asked of a cache-only answer: the copy, without the screenshot, saying why.
    await until(async () => {
      const copy = await scrape({ url, lockdown: true, formats: ['markdown', 'screenshot'] });
      if (copy.status !== 200 || !copy.body.data.markdown.includes(photographedVersion)) return false;
      expect(copy.body.data.screenshot).toBeUndefined();
      expect(copy.body.data.warning).toMatch(
        /^screenshot not produced: this answer comes from the cache only/,
      );
      return true;
    }, 'the page fetched for a screenshot to replace the cached copy');
    expect(fetchesOf('/changing?live')).toBe(3);
  });

  it('scrapes anew once the copy is older than maxAge', async () => {
    const url = running.site.url('/articles/tide-pools?maxage');
    await scrape({ url });
    await cached(url);
    await sleep(1_100);
    const before = fetchesOf('/articles/tide-pools?maxage');
    const again = await scrape({ url, maxAge: 1_000 });
    expect(again.body.data.metadata.cacheState).toBe('miss');
    expect(fetchesOf('/articles/tide-pools?maxage')).toBe(before + 1);
  });

  it('minAge answers only from a copy at least that old', async () => {
    const url = running.site.url('/articles/tide-pools?minage');
    await scrape({ url });
    await cached(url);
    const before = running.site.requests.length;
    const tooYoung = await scrape({ url, minAge: 60_000 });
    expect(tooYoung.status).toBe(404);
    expect(tooYoung.body).toMatchObject({ success: false, code: 'SCRAPE_NO_CACHED_DATA' });
    expect(running.site.requests.length).toBe(before);
  });

  it('lockdown never reaches the site: a miss is a 404, a hit is served', async () => {
    const url = running.site.url('/articles/tide-pools?lockdown');
    const miss = await scrape({ url, lockdown: true });
    expect(miss.status).toBe(404);
    expect(miss.body.code).toBe('SCRAPE_LOCKDOWN_CACHE_MISS');
    expect(fetchesOf('/articles/tide-pools?lockdown')).toBe(0);

    await scrape({ url });
    await cached(url);
    const hit = await scrape({ url, lockdown: true });
    expect(hit.body.data.metadata.cacheState).toBe('hit');
    const tracked = await scrape({ url, lockdown: true, formats: ['markdown', 'changeTracking'] });
    expect(tracked.body.data.changeTracking).toBeUndefined();
    expect(tracked.body.data.warning).toMatch(
      /^changeTracking not produced: this answer comes from the cache only/,
    );
    expect(fetchesOf('/articles/tide-pools?lockdown')).toBe(1);
  });

  it('keeps teams apart and honours storeInCache false', async () => {
    const url = running.site.url('/articles/tide-pools?teams');
    await scrape({ url });
    await cached(url);
    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const other = await scrape({ url, lockdown: true }, otherTeam);
    expect(other.status).toBe(404);

    const privateUrl = running.site.url('/articles/tide-pools?nostore');
    const stored = await scrape({ url: privateUrl, storeInCache: false });
    expect(stored.body.data.metadata.cacheState).toBe('miss');
    await sleep(500);
    expect((await scrape({ url: privateUrl, lockdown: true })).status).toBe(404);
  });
});
