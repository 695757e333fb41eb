import Firecrawl from '@mendable/firecrawl-js';
import { CRAWLED_SECTION_PAGES } from '../fixtures/site/fixture-site.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const paths = (urls: (string | undefined)[]) =>
  urls.map((url) => new URL(url as string).pathname + new URL(url as string).search).sort();

describe('crawl, map and batch scrape with the official Firecrawl JS SDK', () => {
  it('crawls the fixture site: links and sitemaps, robots.txt, scope, traps excluded', async () => {
    const job = await client().crawl(running.site.url('/crawl/'), {
      excludePaths: ['^/crawl/calendar'],
      ignoreQueryParameters: true,
      scrapeOptions: { formats: ['markdown'] },
      pollInterval: 1,
      timeout: 120,
    });
    expect(job.status).toBe('completed');
    expect(paths(job.data.map((document) => document.metadata?.sourceURL))).toEqual(CRAWLED_SECTION_PAGES);
    const chapter = job.data.find((document) => document.metadata?.sourceURL?.endsWith('/chapter-1'));
    expect(chapter?.markdown).toContain('# Chapter 1');
    expect(chapter?.links).toBeUndefined();
    expect(chapter).not.toHaveProperty('pageLinks');
    // Chapter 2 was found through chapter 1's menu, which its links format leaves out as Firecrawl's does.
    const chapterOne = running.site.url('/crawl/guide/chapter-1');
    const { links } = await client().scrape(chapterOne, { formats: ['links'] });
    expect(links).toEqual([running.site.url('/crawl/guide')]);
    const whole = await client().scrape(chapterOne, { formats: ['links'], onlyMainContent: false });
    expect(whole.links).toEqual([
      running.site.url('/crawl/guide/chapter-2'),
      running.site.url('/crawl/guide'),
    ]);
    expect(job.total).toBe(7);
    expect(job.completed).toBe(7);
    expect(job.creditsUsed).toBe(6);
    expect(Date.parse(job.expiresAt as string)).toBeGreaterThan(Date.now());

    const errors = await client().getCrawlErrors(job.id);
    expect(errors.robotsBlocked).toEqual([running.site.url('/crawl/private/secret')]);
    expect(errors.errors.map((error) => paths([error.url]))).toEqual([['/crawl/loop/a']]);
    expect(running.site.requests.map((request) => request.path)).not.toContain('/crawl/private/secret');
  });

  it("follows every link in scope when its pages answer json with their HTML, as an agent run's do", async () => {
    // Such pages go past the agent's navigator, which leaves a crawl's links to the crawl.
    const job = await client().crawl(running.site.url('/crawl/'), {
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
      excludePaths: ['loop', 'calendar'],
      ignoreQueryParameters: true,
      scrapeOptions: {
        formats: [
          'rawHtml',
          { type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } },
        ],
      },
      pollInterval: 1,
      timeout: 120,
    });
    expect(job.status).toBe('completed');
    expect(paths(job.data.map((document) => document.metadata?.sourceURL))).toEqual([
      '/crawl/',
      '/crawl/about',
      '/crawl/guide',
    ]);
    expect(job.data.every((document) => document.json !== undefined && document.rawHtml !== undefined)).toBe(
      true,
    );
  });

  it('stops at limit and maxDiscoveryDepth, and pages results through absolute next links', async () => {
    const started = await client().startCrawl(running.site.url('/crawl/'), {
      sitemap: 'skip',
      maxDiscoveryDepth: 1,
      excludePaths: ['loop'],
      limit: 5,
      maxConcurrency: 2,
    });
    let status = await client().getCrawlStatus(started.id);
    while (status.status === 'scraping') {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = await client().getCrawlStatus(started.id);
    }
    expect(status.status).toBe('completed');
    expect(status.total).toBe(5);
    const firstPage = await fetch(`${running.trawl.baseUrl}/v2/crawl/${started.id}?limit=2`, {
      headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    }).then((response) => response.json());
    expect(firstPage.data).toHaveLength(2);
    expect(firstPage.next).toBe(`${running.trawl.baseUrl}/v2/crawl/${started.id}?skip=2&limit=2`);
    const all = await client().getCrawlStatus(started.id, { autoPaginate: true });
    expect(all.data).toHaveLength(5);
    expect(paths(all.data.map((document) => document.metadata?.sourceURL))).not.toContain(
      '/crawl/guide/chapter-1',
    );
  });

  it('lists a crawl as active until it is cancelled, to its own team only; refuses unknown ids and keys', async () => {
    const started = await client().startCrawl(running.site.url('/crawl/'), { delay: 5, sitemap: 'skip' });
    const batch = await client().startBatchScrape([running.site.url('/crawl/about')], { maxConcurrency: 1 });
    // Listed once core has taken the crawl up (the start answers before that).
    const active = await until(async () => {
      const listed = await client().getActiveCrawls();
      return listed.crawls.length > 0 && listed;
    }, 'the crawl to be listed as active');
    expect(active.crawls).toEqual([
      {
        id: started.id,
        teamId: expect.any(String),
        url: running.site.url('/crawl/'),
        options: expect.objectContaining({ delay: 5, sitemap: 'skip', scrapeOptions: expect.any(Object) }),
      },
    ]);
    expect(active.crawls.map((crawl) => crawl.id)).not.toContain(batch.id);
    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const asOtherTeam = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: otherTeam });
    expect((await asOtherTeam.getActiveCrawls()).crawls).toEqual([]);
    expect(await client().cancelCrawl(started.id)).toBe(true);
    expect((await client().getActiveCrawls()).crawls).toEqual([]);
    expect((await client().getCrawlStatus(started.id)).status).toBe('cancelled');
    await expect(client().getCrawlStatus('0193a6f0-0000-7000-8000-000000000000')).rejects.toMatchObject({
      status: 404,
    });
    const other = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: 'fc-nobody' });
    await expect(other.getCrawlStatus(started.id)).rejects.toMatchObject({ status: 401 });
  });

  it('maps the site without scraping: start page links and sitemaps, search filter, limit', async () => {
    const before = running.site.requests.length;
    const map = await client().map(running.site.url('/crawl/'), { sitemap: 'include' });
    const mapped = paths(map.links.map((link) => link.url));
    expect(mapped).toEqual(
      expect.arrayContaining(['/crawl/', '/crawl/guide', '/crawl/orphan', '/crawl/about']),
    );
    // Only what is below the path mapped, as Firecrawl's map answers; `filterByPath: false` maps the site.
    expect(mapped.every((path) => path.startsWith('/crawl/'))).toBe(true);
    expect(map.links.some((link) => link.url.includes('external.invalid'))).toBe(false);
    const fetched = running.site.requests.slice(before).map((request) => request.path);
    expect(fetched).not.toContain('/crawl/guide');
    const searched = await client().map(running.site.url('/crawl/'), { search: 'guide', limit: 1 });
    expect(paths(searched.links.map((link) => link.url))).toEqual(['/crawl/guide']);
    // Firecrawl's sitemap cache option is accepted (no cache here: sitemaps are read as they are now);
    // its hosted threat scanning is refused by name.
    const raw = (body: Record<string, unknown>) =>
      fetch(`${running.trawl.baseUrl}/v2/map`, {
        method: 'POST',
        headers: { authorization: `Bearer ${running.trawl.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: running.site.url('/crawl/'), ...body }),
      });
    expect((await raw({ ignoreCache: true })).status).toBe(200);
    const site = await (await raw({ filterByPath: false })).json();
    expect(paths(site.links.map((link: { url: string }) => link.url))).toContain('/articles/tide-pools');
    const refused = await raw({ threatProtection: { enabled: true } });
    expect(refused.status).toBe(501);
    expect((await refused.json()).error).toContain('threatProtection');
  });

  it("adds the site's pages the team scraped before, with their titles, as Firecrawl adds its index's", async () => {
    const brand = running.site.url('/brand');
    // The site's root links nowhere (and the sitemap is skipped): only a scrape makes the page known.
    const mapped = async () => (await client().map(running.site.url('/'), { sitemap: 'skip' })).links;
    expect((await mapped()).map((link) => link.url)).not.toContain(brand);
    await client().scrape(brand, { formats: ['markdown'] });
    const known = await until(
      async () => (await mapped()).find((link) => link.url === brand),
      'the scraped page in the team index',
    );
    expect(known).toMatchObject({ url: brand, title: 'Ember Analytics — dashboards that glow' });
    // Searched by its title's words, which its address does not hold.
    const byTitle = await client().map(running.site.url('/'), { search: 'dashboards', limit: 1 });
    expect(byTitle.links.map((link) => link.url)).toEqual([brand]);
    // Another team's map knows nothing of this team's scrapes.
    const other = new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: await issueKeyWithCli(running.trawl.env, running.trawl.logs),
    });
    const theirs = await other.map(running.site.url('/'), { sitemap: 'skip' });
    expect(theirs.links.map((link) => link.url)).not.toContain(brand);
    expect(theirs.links.every((link) => link.title === undefined)).toBe(true);
  });

  it('batch-scrapes a list of URLs, pages that answer 404 included', async () => {
    const job = await client().batchScrape(
      [
        running.site.url('/articles/tide-pools'),
        running.site.url('/crawl/about'),
        running.site.url('/missing'),
      ],
      { options: { formats: ['markdown', 'links'] }, pollInterval: 1, timeout: 120 },
    );
    expect(job.status).toBe('completed');
    expect(job.completed).toBe(3);
    const byPath = Object.fromEntries(
      job.data.map((document) => [new URL(document.metadata?.sourceURL as string).pathname, document]),
    );
    expect(byPath['/articles/tide-pools'].markdown).toContain('# Tide Pools of the North Coast');
    expect(byPath['/crawl/about'].links).toContain(running.site.url('/crawl/'));
    expect(byPath['/missing'].metadata?.statusCode).toBe(404);
  });

  it('appends URLs to a finished batch (appendToId) with their own options; refuses other teams and cancelled batches', async () => {
    const job = await client().batchScrape([running.site.url('/articles/tide-pools')], {
      options: { formats: ['markdown'] },
      pollInterval: 1,
      timeout: 120,
    });
    expect(job.status).toBe('completed');
    const batchId = job.id;
    const appended = await client().startBatchScrape(
      // Not the guide: the search test below reads its markdown from the team's index.
      [running.site.url('/crawl/about'), running.site.url('/crawl/orphan')],
      { options: { formats: ['html'], maxAge: 0 }, appendToId: batchId },
    );
    expect(appended.id).toBe(batchId);
    const status = await until(async () => {
      const current = await client().getBatchScrapeStatus(batchId);
      return current.status === 'completed' && current.completed === 3 && current;
    }, 'the appended pages to be scraped');
    expect(status.total).toBe(3);
    const byPath = Object.fromEntries(
      status.data.map((document) => [new URL(document.metadata?.sourceURL as string).pathname, document]),
    );
    expect(Object.keys(byPath).sort()).toEqual(['/articles/tide-pools', '/crawl/about', '/crawl/orphan']);
    expect(byPath['/articles/tide-pools'].markdown).toContain('# Tide Pools of the North Coast');
    expect(byPath['/crawl/about'].html).toContain('<h1>');
    expect(byPath['/crawl/about'].markdown).toBeUndefined();

    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const asOtherTeam = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: otherTeam });
    await expect(
      asOtherTeam.startBatchScrape([running.site.url('/crawl/orphan')], { appendToId: batchId }),
    ).rejects.toMatchObject({ status: 404 });
    const slow = await client().startBatchScrape([running.site.url('/slow?ms=20000')]);
    await client().cancelBatchScrape(slow.id);
    await expect(
      client().startBatchScrape([running.site.url('/crawl/orphan')], { appendToId: slow.id }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await client().getBatchScrapeStatus(batchId)).total).toBe(3);
  });

  it('searches the pages Trawl scraped (local provider), optionally scraping each result', async () => {
    const result = await until(async () => {
      const found = await client().search('chapter', { limit: 5 });
      return (found.web?.length ?? 0) >= 3 && found;
    }, 'three indexed pages to match');
    const web = (result.web ?? []) as {
      url: string;
      title?: string;
      description?: string;
      position?: number;
    }[];
    // Title hits rank first; the guide only links to the chapters.
    expect(paths(web.slice(0, 2).map((hit) => hit.url))).toEqual([
      '/crawl/guide/chapter-1',
      '/crawl/guide/chapter-2',
    ]);
    expect(paths(web.slice(2).map((hit) => hit.url))).toEqual(['/crawl/guide']);
    expect(web[0]).toMatchObject({ position: 1, description: expect.stringContaining('chapter') });
    expect(web[0].title).toMatch(/^Chapter \d$/);
    const elsewhere = await client().search('chapter', { includeDomains: ['example.com'] });
    expect(elsewhere.web ?? []).toEqual([]);
    // The local index dates a page by when the team scraped it; it holds no PDFs and no news.
    expect((await client().search('chapter', { tbs: 'qdr:h' })).web).toHaveLength(3);
    expect((await client().search('chapter', { tbs: 'cdr:1,cd_max:1/1/2020' })).web).toEqual([]);
    expect((await client().search('chapter', { categories: ['pdf'] })).web).toEqual([]);
    await expect(client().search('chapter', { country: 'de' })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('SEARXNG_URL'),
    });
    await expect(client().search('chapter', { sources: ['news'] })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('SEARXNG_URL'),
    });
    const scraped = await client().search('orphan', { limit: 1, scrapeOptions: { formats: ['markdown'] } });
    expect((scraped.web?.[0] as { markdown?: string } | undefined)?.markdown).toContain('# Orphan');
  });

  it('finds a page scraped for a summary alone by what it says, not only by its title', async () => {
    // A team of its own: no other test's markdown scrape of the page indexes its text for it.
    const apiKey = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const team = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey });
    const url = running.site.url('/articles/lighthouse');
    const scraped = await team.scrape(url, { formats: ['summary'] });
    expect(scraped.markdown).toBeUndefined();
    // "Agnes Porthleven" is in the page's text alone: neither its title nor its description names her.
    const hit = await until(async () => {
      const { web } = await team.search('Agnes Porthleven', { limit: 5 });
      return (web as { url: string }[] | undefined)?.find((result) => result.url === url);
    }, 'the page found by a name in its text');
    expect(hit).toMatchObject({ title: 'The Lighthouse at Cape Wren' });
  });

  it("replaces a result's description with its page's passages on the query (search highlights)", async () => {
    const url = running.site.url('/articles/tide-pools');
    await client().scrape(url, { formats: ['markdown'] });
    const descriptionOf = async (highlights?: boolean) => {
      const hit = await until(async () => {
        const { web } = await client().search('rocky basins', {
          limit: 10,
          ...(highlights === undefined ? {} : { highlights }),
        });
        return (web as { url: string; description?: string }[] | undefined)?.find(
          (result) => result.url === url,
        );
      }, 'the scraped page in the search index');
      return hit.description;
    };
    expect(await descriptionOf()).toBe(
      'Tide pools form where the sea retreats and leaves rocky basins full of life.',
    );
    // Without highlights: the page's own description, as the index keeps it.
    expect(await descriptionOf(false)).toBe('A field guide to the tide pools of the north coast.');
  });

  it('refuses a prompt without a model, and invalid patterns, by name', async () => {
    const needsModel = { status: 501, message: expect.stringContaining('LLM_BASE_URL') };
    await expect(
      client().startCrawl(running.site.url('/crawl/'), { prompt: 'only the guide' }),
    ).rejects.toMatchObject(needsModel);
    await expect(
      client().crawlParamsPreview(running.site.url('/crawl/'), 'only the guide'),
    ).rejects.toMatchObject(needsModel);
    await expect(
      client().startCrawl(running.site.url('/crawl/'), { includePaths: ['('] }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});
