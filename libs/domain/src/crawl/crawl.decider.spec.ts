import {
  type AppendBatchScrape,
  type CrawlEvent,
  type PageDispatched,
  type ScrapeRequest,
  type StartBatchScrape,
  validateCrawlRequest,
} from '#contracts';
import { fold } from '../decider/decider.js';
import { given } from '../decider/given-when-then.js';
import { crawlDecider, nextDispatchAt } from './crawl.decider.js';

const crawlId = '0193a6f0-0000-7000-8000-0000000000c1';
const crawlOf = (body: object) => {
  const result = validateCrawlRequest({ url: 'http://site.test/', ...body });
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const started = (body: object = {}): CrawlEvent => {
  const { url, options, scrapeRequest } = crawlOf(body);
  return {
    type: 'CrawlStarted',
    data: {
      crawlId,
      teamId: 'team-1',
      kind: 'crawl',
      url,
      options,
      scrapeRequest,
      returnLinks: false,
      startedAt: '2026-11-23T10:00:00.000Z',
      expiresAt: '2026-11-24T10:00:00.000Z',
    },
  };
};
const at = '2026-11-23T10:00:01.000Z';
const discovery = (robotsTxt: string | null = null, sitemapUrls: string[] = []) =>
  ({ type: 'RecordSiteDiscovery', data: { crawlId, robotsTxt, sitemapUrls, at } }) as const;
const dispatchedUrls = (events: CrawlEvent[]) =>
  events.filter((e): e is PageDispatched => e.type === 'PageDispatched').map((e) => e.data.url);
const scraped = (dispatched: PageDispatched, links: string[]) =>
  ({
    type: 'RecordPageOutcome',
    data: {
      crawlId,
      scrapeId: dispatched.data.scrapeId,
      outcome: {
        status: 'scraped',
        finalUrl: dispatched.data.url,
        statusCode: 200,
        documentBlob: 'd',
        links,
        credits: 1,
      },
      at,
    },
  }) as const;

/** Runs a whole crawl against a site given as a link graph: what pages get scraped, in order. */
function crawlSite(
  body: object,
  site: Record<string, string[]>,
  robotsTxt: string | null = null,
  sitemap: string[] = [],
) {
  const history: CrawlEvent[] = [started(body)];
  const step = (events: CrawlEvent[]) => history.push(...events);
  step(given(crawlDecider, history).when(discovery(robotsTxt, sitemap)));
  const order: string[] = [];
  for (;;) {
    const state = fold(crawlDecider, history);
    if (state.status !== 'scraping') return { order, state };
    const next = history.find(
      (e): e is PageDispatched => e.type === 'PageDispatched' && state.inFlight.has(e.data.scrapeId),
    );
    if (!next) throw new Error('crawl stalled');
    order.push(next.data.url);
    step(given(crawlDecider, history).when(scraped(next, site[next.data.url] ?? [])));
  }
}

const site: Record<string, string[]> = {
  'http://site.test/': ['/a', '/b?session=1', '/b?session=2', 'http://other.test/x', '/a#top', '/private/p'],
  'http://site.test/a': ['/a/deep', 'https://www.site.test/a/'],
  'http://site.test/a/deep': ['/a/deeper'],
};
const absolute = (links: Record<string, string[]>) =>
  Object.fromEntries(
    Object.entries(links).map(([page, targets]) => [page, targets.map((t) => new URL(t, page).href)]),
  );

describe('crawl decider', () => {
  it('crawls every page in scope once, then completes', () => {
    const { order, state } = crawlSite({}, absolute(site));
    expect(order).toEqual([
      'http://site.test/',
      'http://site.test/a',
      'http://site.test/b?session=1',
      'http://site.test/b?session=2',
      'http://site.test/private/p',
      'http://site.test/a/deep',
      'http://site.test/a/deeper',
    ]);
    expect(state.status).toBe('completed');
  });

  it('honours robots.txt, ignoreQueryParameters, excludePaths, maxDiscoveryDepth and limit', () => {
    const robots = 'User-agent: *\nDisallow: /private/';
    const { order, state } = crawlSite(
      { ignoreQueryParameters: true, maxDiscoveryDepth: 1, excludePaths: ['^/a$'] },
      absolute(site),
      robots,
    );
    expect(order).toEqual(['http://site.test/', 'http://site.test/b']);
    expect(state.status === 'completed' && state.robotsBlocked).toEqual(['http://site.test/private/p']);
    expect(crawlSite({ limit: 3 }, absolute(site)).order).toHaveLength(3);
    const twice = crawlSite(
      {},
      {
        'http://site.test/': ['http://site.test/a', 'http://site.test/private/p'],
        'http://site.test/a': ['http://site.test/private/p'],
      },
      robots,
    );
    expect(twice.state.status === 'completed' && twice.state.robotsBlocked).toEqual([
      'http://site.test/private/p',
    ]);
  });

  it('seeds from the sitemap too, or only from it', () => {
    const sitemap = ['http://site.test/from-sitemap', 'http://other.test/nope'];
    expect(crawlSite({ maxDiscoveryDepth: 0 }, {}, null, sitemap).order).toEqual([
      'http://site.test/',
      'http://site.test/from-sitemap',
    ]);
    expect(crawlSite({ sitemap: 'only' }, {}, null, sitemap).order).toEqual([
      'http://site.test/from-sitemap',
    ]);
    expect(crawlSite({ sitemap: 'skip' }, {}, null, sitemap).order).toEqual(['http://site.test/']);
  });

  it('keeps at most maxConcurrency pages in flight', () => {
    const history = [started({ maxConcurrency: 2, sitemap: 'only' })];
    const events = given(crawlDecider, history).when(
      discovery(null, ['http://site.test/1', 'http://site.test/2', 'http://site.test/3']),
    );
    expect(dispatchedUrls(events)).toEqual(['http://site.test/1', 'http://site.test/2']);
    const first = events.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    const after = given(crawlDecider, [...history, ...events]).when(scraped(first, []));
    expect(dispatchedUrls(after)).toEqual(['http://site.test/3']);
  });

  it('waits `delay` seconds between pages', () => {
    const history: CrawlEvent[] = [started({ delay: 2, sitemap: 'only' })];
    history.push(
      ...given(crawlDecider, history).when(discovery(null, ['http://site.test/1', 'http://site.test/2'])),
    );
    const first = history.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    history.push(...given(crawlDecider, history).when(scraped(first, [])));
    expect(nextDispatchAt(fold(crawlDecider, history))).toBe('2026-11-23T10:00:03.000Z');
    const early = { type: 'DispatchPages', data: { crawlId, at: '2026-11-23T10:00:02.000Z' } } as const;
    expect(given(crawlDecider, history).when(early)).toEqual([]);
    const due = { type: 'DispatchPages', data: { crawlId, at: '2026-11-23T10:00:03.000Z' } } as const;
    expect(dispatchedUrls(given(crawlDecider, history).when(due))).toEqual(['http://site.test/2']);
  });

  it('fails when every page failed, and ignores outcomes after a cancel', () => {
    const history: CrawlEvent[] = [started({ sitemap: 'skip' })];
    history.push(...given(crawlDecider, history).when(discovery()));
    const page = history.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    const failed = {
      type: 'RecordPageOutcome',
      data: {
        crawlId,
        scrapeId: page.data.scrapeId,
        outcome: { status: 'failed', code: 'SCRAPE_TIMEOUT', error: 'slow' },
        at,
      },
    } as const;
    expect(
      given(crawlDecider, history)
        .when(failed)
        .map((e) => e.type),
    ).toEqual(['PageFailed', 'CrawlFailed']);
    const cancel = { type: 'CancelCrawl', data: { crawlId, teamId: 'team-1', at } } as const;
    const cancelled = [...history, ...given(crawlDecider, history).when(cancel)];
    expect(given(crawlDecider, cancelled).when(failed)).toEqual([]);
    expect(() =>
      given(crawlDecider, history).when({ ...cancel, data: { ...cancel.data, teamId: 'other' } }),
    ).toThrow('does not exist');
  });

  it('returns a page once when another page redirects to it, giving back the charge of the redirected read', () => {
    const history: CrawlEvent[] = [started({ sitemap: 'skip', maxConcurrency: 1 })];
    const step = (events: CrawlEvent[]) => {
      history.push(...events);
      return events;
    };
    const inFlight = () => {
      const state = fold(crawlDecider, history);
      if (state.status === 'initial') throw new Error('not started');
      return history.find(
        (e): e is PageDispatched => e.type === 'PageDispatched' && state.inFlight.has(e.data.scrapeId),
      ) as PageDispatched;
    };
    step(given(crawlDecider, history).when(discovery()));
    step(
      given(crawlDecider, history).when(
        scraped(inFlight(), ['http://site.test/old', 'http://site.test/new']),
      ),
    );
    const old = inFlight();
    expect(old.data.url).toBe('http://site.test/old');
    const redirected = scraped(old, []);
    const raced = step(
      given(crawlDecider, history).when({
        ...redirected,
        data: {
          ...redirected.data,
          outcome: { ...redirected.data.outcome, finalUrl: 'http://site.test/new' },
        },
      }),
    );
    expect(raced[0]).toMatchObject({
      type: 'PageFailed',
      data: { url: 'http://site.test/old', code: 'SCRAPE_RACED_REDIRECT_ERROR', refundTeamId: 'team-1' },
    });
    const next = inFlight();
    expect(next.data.url).toBe('http://site.test/new');
    step(given(crawlDecider, history).when(scraped(next, [])));
    const state = fold(crawlDecider, history);
    expect(state.status === 'completed' && state.scraped.map((page) => page.url)).toEqual([
      'http://site.test/',
      'http://site.test/new',
    ]);
    // A batch returns every URL it was given, wherever it lands.
    const batch: CrawlEvent[] = given(crawlDecider, []).when({
      type: 'StartBatchScrape',
      data: {
        crawlId,
        teamId: 'team-1',
        urls: ['http://site.test/old', 'http://site.test/new'],
        maxConcurrency: 10,
        scrapeRequest: crawlOf({}).scrapeRequest as ScrapeRequest,
        at,
      },
    });
    const first = batch.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    const landed = scraped(first, []);
    expect(
      given(crawlDecider, batch)
        .when({
          ...landed,
          data: { ...landed.data, outcome: { ...landed.data.outcome, finalUrl: 'http://site.test/new' } },
        })
        .map((e) => e.type),
    ).toEqual(['PageScraped']);
  });

  it("scrapes every URL of a batch, asking only a crawl's pages for all their links", () => {
    const { scrapeRequest } = crawlOf({});
    const events = given(crawlDecider, []).when({
      type: 'StartBatchScrape',
      data: {
        crawlId,
        teamId: 'team-1',
        urls: ['http://a.test/', 'http://b.test/', 'http://a.test/'],
        maxConcurrency: 10,
        scrapeRequest: scrapeRequest as ScrapeRequest,
        at,
      },
    });
    const dispatched = events.filter((e): e is PageDispatched => e.type === 'PageDispatched');
    expect(dispatched.map((e) => e.data.url)).toEqual(['http://a.test/', 'http://b.test/', 'http://a.test/']);
    expect(new Set(dispatched.map((e) => e.data.scrapeId)).size).toBe(3);
    expect(dispatched[0].data.request.formats).toEqual([{ type: 'markdown' }]);
    expect(dispatched[0].data.request.pageLinks).toBeUndefined();
    const crawl = given(crawlDecider, [started()]).when(discovery());
    // The links format stays the client's choice: it holds only the links of the content asked for.
    expect((crawl[2] as PageDispatched).data.request).toMatchObject({
      formats: [{ type: 'markdown' }],
      pageLinks: true,
    });
  });

  it('reads the pages an agent run picks from links, within its depth and page budget; an extract job follows none', () => {
    const json = { type: 'json' as const, schema: { type: 'object' } };
    const request = { ...(crawlOf({}).scrapeRequest as ScrapeRequest), formats: [json] };
    const start = (follow?: { maxPages: number; maxDepth: number }): StartBatchScrape => ({
      type: 'StartBatchScrape',
      data: {
        crawlId,
        teamId: 'team-1',
        urls: ['http://a.test/'],
        maxConcurrency: 10,
        scrapeRequest: request,
        extract: {
          urls: ['http://a.test/'],
          showSources: false,
          agent: true,
          ...(follow ? { follow } : {}),
        },
        at,
      },
    });
    const history: CrawlEvent[] = [...given(crawlDecider, []).when(start({ maxPages: 3, maxDepth: 1 }))];
    const first = history.find((e): e is PageDispatched => e.type === 'PageDispatched');
    // The runner reads each page's links from its HTML; the client still gets only the json.
    expect(first?.data.request.formats).toEqual([json, { type: 'rawHtml' }]);
    const followed = given(crawlDecider, history).when(
      scraped(first as PageDispatched, [
        'http://a.test/contact',
        'http://a.test/plans',
        'http://a.test/jobs',
      ]),
    );
    // Three pages in all: two of the three links.
    expect(dispatchedUrls(followed)).toEqual(['http://a.test/contact', 'http://a.test/plans']);
    history.push(...followed);
    const contact = followed.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    expect(contact.data.depth).toBe(1);
    // maxDepth 1: a followed page's links lead nowhere further.
    expect(
      dispatchedUrls(given(crawlDecider, history).when(scraped(contact, ['http://a.test/more']))),
    ).toEqual([]);

    const extract = given(crawlDecider, []).when(start());
    const page = extract.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    expect(page.data.request.formats).toEqual([json]);
    expect(given(crawlDecider, extract).when(scraped(page, ['http://a.test/contact']))).toEqual([
      expect.objectContaining({ type: 'PageScraped' }),
      expect.objectContaining({ type: 'CrawlCompleted' }),
    ]);
  });

  /**
   * An agent run over `urls` that follows links, one page at a time: `step` records the outcome of
   * the page dispatched last and answers the events it led to.
   */
  const agentRun = (urls: string[]) => {
    const json = { type: 'json' as const, schema: { type: 'object' } };
    const history: CrawlEvent[] = [
      ...given(crawlDecider, []).when({
        type: 'StartBatchScrape',
        data: {
          crawlId,
          teamId: 'team-1',
          urls,
          maxConcurrency: 1,
          scrapeRequest: { ...(crawlOf({}).scrapeRequest as ScrapeRequest), formats: [json] },
          extract: { urls, showSources: false, agent: true, follow: { maxPages: 10, maxDepth: 2 } },
          at,
        },
      }),
    ];
    const step = (outcome: {
      links?: string[];
      itemLinks?: string[];
      answered: string[];
      complete: boolean;
    }) => {
      const page = history
        .filter((e): e is PageDispatched => e.type === 'PageDispatched')
        .at(-1) as PageDispatched;
      const recorded = scraped(page, outcome.links ?? []);
      const events = given(crawlDecider, history).when({
        ...recorded,
        data: {
          ...recorded.data,
          outcome: {
            ...recorded.data.outcome,
            ...(outcome.itemLinks ? { itemLinks: outcome.itemLinks } : {}),
            answered: outcome.answered,
            answerComplete: outcome.complete,
          },
        },
      });
      history.push(...events);
      return events;
    };
    return { history, step };
  };

  it('stops an agent run following links once its pages answer every field; the pages it was given are still read', () => {
    const { history, step } = agentRun(['http://a.test/', 'http://a.test/about', 'http://a.test/team']);
    // The home page gives the name and links to the contact page, queued behind the given pages.
    expect(
      dispatchedUrls(step({ links: ['http://a.test/contact'], answered: ['name'], complete: false })),
    ).toEqual(['http://a.test/about']);
    // The about page gives the phone: the answer is whole. The contact page is dropped, its links too;
    // the team page, given, is still read.
    const whole = step({ links: ['http://a.test/jobs'], answered: ['phone'], complete: true });
    expect(whole[0]).toMatchObject({
      type: 'PageScraped',
      data: { answered: ['phone'], answerComplete: true },
    });
    expect(dispatchedUrls(whole)).toEqual(['http://a.test/team']);
    expect(
      step({ links: ['http://a.test/careers'], answered: [], complete: false }).map((e) => e.type),
    ).toEqual(['PageScraped', 'CrawlCompleted']);
    const run = fold(crawlDecider, history);
    expect(run.status !== 'initial' && [...run.answered]).toEqual(['name', 'phone']);
  });

  it("reads every listed item's own page once the answer lacks nothing; the other followed pages are dropped", () => {
    const { step } = agentRun(['http://a.test/lamps']);
    // The listing names three lamps without their heights: their pages are queued before a link to "Sizes".
    const listing = step({
      links: ['http://a.test/sizes'],
      itemLinks: ['http://a.test/lamps/a', 'http://a.test/lamps/b', 'http://a.test/lamps/c'],
      answered: ['lamps', 'lamps[].name'],
      complete: false,
    });
    expect(listing.find((e) => e.type === 'PagesQueued')?.data).toMatchObject({
      pages: [
        { url: 'http://a.test/lamps/a', item: true },
        { url: 'http://a.test/lamps/b', item: true },
        { url: 'http://a.test/lamps/c', item: true },
        { url: 'http://a.test/sizes', depth: 1 },
      ],
    });
    // Lamp A's page gives its height: the answer lacks nothing, yet lamps B and C are still read.
    expect(dispatchedUrls(step({ answered: ['lamps', 'lamps[].height_cm'], complete: true }))).toEqual([
      'http://a.test/lamps/b',
    ]);
    expect(dispatchedUrls(step({ answered: ['lamps[].height_cm'], complete: true }))).toEqual([
      'http://a.test/lamps/c',
    ]);
    expect(step({ answered: ['lamps[].height_cm'], complete: true }).map((e) => e.type)).toEqual([
      'PageScraped',
      'CrawlCompleted',
    ]);
  });

  it('dispatches every page under the API key that started the crawl or batch', () => {
    const { url, options, scrapeRequest } = crawlOf({});
    const crawl = given(crawlDecider, []).when({
      type: 'StartCrawl',
      data: {
        crawlId,
        teamId: 'team-1',
        apiKeyId: 'key-1',
        url,
        options,
        scrapeRequest,
        returnLinks: false,
        at,
      },
    });
    expect(crawl[0]?.data).toMatchObject({ apiKeyId: 'key-1' });
    const firstPage = given(crawlDecider, crawl)
      .when(discovery())
      .find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    expect(firstPage.data).toMatchObject({ url, apiKeyId: 'key-1' });
    const batch = given(crawlDecider, []).when({
      type: 'StartBatchScrape',
      data: {
        crawlId,
        teamId: 'team-1',
        apiKeyId: 'key-2',
        urls: ['http://a.test/'],
        maxConcurrency: 1,
        scrapeRequest,
        at,
      },
    });
    expect(batch.filter((e) => e.type === 'PageDispatched').map((e) => e.data)).toEqual([
      expect.objectContaining({ apiKeyId: 'key-2' }),
    ]);
  });

  it('appends URLs to a batch with their own scrape options, scraping a finished batch again', () => {
    const request = (body: object) => crawlOf({ scrapeOptions: body }).scrapeRequest as ScrapeRequest;
    const history: CrawlEvent[] = [];
    history.push(
      ...given(crawlDecider, history).when({
        type: 'StartBatchScrape',
        data: {
          crawlId,
          teamId: 'team-1',
          urls: ['http://a.test/'],
          maxConcurrency: 1,
          scrapeRequest: request({}),
          at,
          apiKeyId: 'key-started',
        },
      }),
    );
    const first = history.find((e): e is PageDispatched => e.type === 'PageDispatched') as PageDispatched;
    expect(first.data.apiKeyId).toBe('key-started');
    history.push(...given(crawlDecider, history).when(scraped(first, [])));
    expect(fold(crawlDecider, history).status).toBe('completed');

    const append: AppendBatchScrape = {
      type: 'AppendBatchScrape',
      data: {
        crawlId,
        teamId: 'team-1',
        urls: ['http://b.test/', 'http://c.test/'],
        scrapeRequest: request({ formats: ['html'] }),
        at,
        apiKeyId: 'key-appended',
      },
    };
    const appended = given(crawlDecider, history).when(append);
    expect(appended.map((e) => e.type)).toEqual(['BatchPagesAppended', 'PageDispatched']);
    const second = appended[1] as PageDispatched;
    // The batch keeps its concurrency (1); the new pages take the options they came with.
    // Pages appended by another key are its scrapes (and so its charges).
    expect(second.data).toMatchObject({
      url: 'http://b.test/',
      request: { url: 'http://b.test/' },
      apiKeyId: 'key-appended',
    });
    expect(second.data.request.formats).toEqual([{ type: 'html' }]);
    expect(second.data.scrapeId).not.toBe(first.data.scrapeId);
    history.push(...appended);
    expect(fold(crawlDecider, history)).toMatchObject({ status: 'scraping', admitted: 3 });
    const third = given(crawlDecider, history).when(scraped(second, []));
    expect(third.map((e) => e.type)).toEqual(['PageScraped', 'PageDispatched']);

    expect(() =>
      given(crawlDecider, history).when({ ...append, data: { ...append.data, teamId: 'other' } }),
    ).toThrow('does not exist');
    expect(() => given(crawlDecider, [started()]).when(append)).toThrow('does not exist');
    const cancel = { type: 'CancelCrawl', data: { crawlId, teamId: 'team-1', at } } as const;
    const cancelled = [...history, ...given(crawlDecider, history).when(cancel)];
    expect(() => given(crawlDecider, cancelled).when(append)).toThrow('was cancelled');
  });

  it('fails pages whose scrape outlived its timeout plus the grace, so the crawl ends', () => {
    const history: CrawlEvent[] = [started({ scrapeOptions: { timeout: 10_000 } })];
    history.push(...given(crawlDecider, history).when(discovery()));
    const sweep = (when: string) =>
      given(crawlDecider, history).when({
        type: 'ExpireStalledPages',
        data: { crawlId, graceMs: 5_000, at: when },
      });
    expect(sweep('2026-11-23T10:00:15.000Z')).toEqual([]);
    const expired = sweep('2026-11-23T10:00:16.000Z');
    expect(expired.map((e) => e.type)).toEqual(['PageFailed', 'CrawlFailed']);
    expect(expired[0].data).toMatchObject({ url: 'http://site.test/', code: 'SCRAPE_TIMEOUT' });
  });

  it("times a page that waited for a slot of its team's concurrency from when it got one", () => {
    const history: CrawlEvent[] = [started({ scrapeOptions: { timeout: 10_000 } })];
    const dispatched = given(crawlDecider, history).when(discovery());
    history.push(...dispatched);
    const [page] = dispatched.filter((e) => e.type === 'PageDispatched');
    const { scrapeId } = page.data as { scrapeId: string };
    const sweep = (at: string, slots: { waiting: string[]; startedAt: Record<string, string> }) =>
      given(crawlDecider, history).when({
        type: 'ExpireStalledPages',
        data: { crawlId, graceMs: 5_000, at, slots },
      });
    const late = '2026-11-23T10:05:00.000Z';
    expect(sweep(late, { waiting: [scrapeId], startedAt: {} })).toEqual([]);
    expect(sweep(late, { waiting: [], startedAt: { [scrapeId]: '2026-11-23T10:04:50.000Z' } })).toEqual([]);
    expect(
      sweep(late, { waiting: [], startedAt: { [scrapeId]: '2026-11-23T10:04:45.000Z' } }).map((e) => e.type),
    ).toEqual(['PageFailed', 'CrawlFailed']);
  });
});
