import { type FetchedPage, type ScrapeEvent, type ScrapeRequest, validateScrapeRequest } from '#contracts';
import { cacheKey } from '../cache/cache-policy.js';
import { changeTrackingKey } from '../change-tracking/change-tracking-policy.js';
import { given, rejectionCode } from '../decider/given-when-then.js';
import { scrapeDecider } from './scrape.decider.js';

const scrapeId = '0193a6f0-0000-7000-8000-000000000001';
const valid = (body: object) => {
  const result = validateScrapeRequest(body);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const request: ScrapeRequest = valid({ url: 'http://example.test/' });
const page: FetchedPage = {
  url: 'http://example.test/',
  statusCode: 200,
  contentType: 'text/html',
  bodyBlob: 'pages/x',
  proxyUsed: 'basic',
};
const requested: ScrapeEvent = {
  type: 'ScrapeRequested',
  data: { scrapeId, teamId: 'team-1', request, requestedAt: 't0' },
};
const fetched: ScrapeEvent = {
  type: 'PageFetched',
  data: { scrapeId, teamId: 'team-1', request, requestedAt: 't0', page, fetchedAt: 't1' },
};
const completed: ScrapeEvent = {
  type: 'ScrapeCompleted',
  data: {
    scrapeId,
    teamId: 'team-1',
    documentBlob: 'docs/x',
    url: page.url,
    statusCode: 200,
    page,
    fetchedAt: 't1',
    cacheKey: cacheKey('team-1', request),
    changeTrackingKey: changeTrackingKey('team-1', request),
    completedAt: 't2',
  },
};
const failed: ScrapeEvent = {
  type: 'ScrapeFailed',
  data: { scrapeId, teamId: 'team-1', code: 'SCRAPE_TIMEOUT', error: 'timed out', failedAt: 't2' },
};

/** A crawl page's scrape that the cache answers: it starts at PageFetched. */
const crawlId = '0193a6f0-0000-7000-8000-0000000000c1';
const cached = { scrapeId: '0193a6f0-0000-7000-8000-0000000000aa', fetchedAt: 't-1', page };
const startFromCache = () =>
  given(scrapeDecider, []).when({
    type: 'StartScrape',
    data: { scrapeId, teamId: 'team-1', request, at: 't0', crawlId, cached },
  });

const expectDomainError = (fn: () => unknown, code: string) => expect(rejectionCode(fn)).toBe(code);

describe('scrape decider', () => {
  it('requests a new scrape', () => {
    expect(
      given(scrapeDecider, []).when({
        type: 'StartScrape',
        data: { scrapeId, teamId: 'team-1', request, at: 't0' },
      }),
    ).toEqual([requested]);
  });

  it('starts a crawl page the cache answers fetched: no browser visit, the copy is not cached again', () => {
    const served = startFromCache();
    expect(served).toEqual([
      {
        type: 'PageFetched',
        data: {
          scrapeId,
          teamId: 'team-1',
          request,
          requestedAt: 't0',
          page,
          fetchedAt: 't-1',
          cachedScrapeId: cached.scrapeId,
          crawlId,
        },
      },
    ]);
    // A worker's late fetch decides nothing; the extractor completes the scrape for the crawl.
    expect(
      given(scrapeDecider, served).when({ type: 'RecordPageFetched', data: { scrapeId, page, at: 't1' } }),
    ).toEqual([]);
    const [event] = given(scrapeDecider, served).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: page.url, statusCode: 200, at: 't2' },
    });
    expect(event).toMatchObject({ type: 'ScrapeCompleted', data: { crawlId, fetchedAt: 't-1', page } });
    expect(event?.data).not.toHaveProperty('cacheKey');
  });

  it('sends a crawl page to the browser after all when its cached body is gone', () => {
    const served = startFromCache();
    const anew = { type: 'FetchCachedPageAnew', data: { scrapeId, at: 't1' } } as const;
    const refetch = given(scrapeDecider, served).when(anew);
    expect(refetch).toEqual([
      { type: 'ScrapeRequested', data: { scrapeId, teamId: 'team-1', request, requestedAt: 't1', crawlId } },
    ]);
    // Once: a redelivered request decides nothing, nor does one for a page the browser fetched.
    expect(given(scrapeDecider, [...served, ...refetch]).when(anew)).toEqual([]);
    expect(given(scrapeDecider, [requested, fetched]).when(anew)).toEqual([]);
    // The fresh page completes as any other, and is cached.
    const history = [
      ...served,
      ...refetch,
      ...given(scrapeDecider, [...served, ...refetch]).when({
        type: 'RecordPageFetched',
        data: { scrapeId, page, at: 't2' },
      }),
    ];
    const [event] = given(scrapeDecider, history).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: page.url, statusCode: 200, at: 't3' },
    });
    expect(event).toMatchObject({
      data: { crawlId, fetchedAt: 't2', cacheKey: cacheKey('team-1', request) },
    });
  });

  it('refuses to start the same scrape twice', () => {
    expectDomainError(
      () =>
        given(scrapeDecider, [requested]).when({
          type: 'StartScrape',
          data: { scrapeId, teamId: 'team-1', request, at: 't0' },
        }),
      'SCRAPE_ALREADY_EXISTS',
    );
  });

  it('records the fetched page once; a redelivered fetch decides nothing', () => {
    const command = { type: 'RecordPageFetched', data: { scrapeId, page, at: 't1' } } as const;
    expect(given(scrapeDecider, [requested]).when(command)).toEqual([fetched]);
    expect(given(scrapeDecider, [requested, fetched]).when(command)).toEqual([]);
  });

  it('ignores a fetch that arrives after the scrape failed', () => {
    expect(
      given(scrapeDecider, [requested, failed]).when({
        type: 'RecordPageFetched',
        data: { scrapeId, page, at: 't3' },
      }),
    ).toEqual([]);
  });

  it('carries the API key that asked from the request to the fetched page and the completion, which are its usage', () => {
    const keyed = { ...requested, data: { ...requested.data, apiKeyId: 'key-1' } } as ScrapeEvent;
    expect(
      given(scrapeDecider, []).when({
        type: 'StartScrape',
        data: { scrapeId, teamId: 'team-1', apiKeyId: 'key-1', request, at: 't0' },
      }),
    ).toEqual([keyed]);
    expect(
      given(scrapeDecider, [keyed]).when({ type: 'RecordPageFetched', data: { scrapeId, page, at: 't1' } }),
    ).toEqual([{ ...fetched, data: { ...fetched.data, apiKeyId: 'key-1' } }]);
    const done = given(scrapeDecider, [keyed, fetched]).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: page.url, statusCode: 200, at: 't2' },
    });
    expect(done).toEqual([{ ...completed, data: { ...completed.data, apiKeyId: 'key-1' } }]);
    const [fromCache] = given(scrapeDecider, []).when({
      type: 'StartScrape',
      data: { scrapeId, teamId: 'team-1', apiKeyId: 'key-1', request, at: 't0', crawlId, cached },
    });
    expect(fromCache?.data).toMatchObject({ apiKeyId: 'key-1', crawlId });
  });

  it('completes only a fetched scrape', () => {
    const command = {
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: page.url, statusCode: 200, at: 't2' },
    } as const;
    expect(given(scrapeDecider, [requested, fetched]).when(command)).toEqual([completed]);
    expect(given(scrapeDecider, [requested, fetched, completed]).when(command)).toEqual([]);
    expectDomainError(() => given(scrapeDecider, [requested]).when(command), 'SCRAPE_NOT_FETCHED');
  });

  it('marks a completed scrape cacheable only when its request allows it', () => {
    const privateRequest = valid({ url: 'http://example.test/', headers: { Cookie: 'session=1' } });
    const events: ScrapeEvent[] = [
      {
        type: 'ScrapeRequested',
        data: { scrapeId, teamId: 'team-1', request: privateRequest, requestedAt: 't0' },
      },
      {
        type: 'PageFetched',
        data: { scrapeId, teamId: 'team-1', request: privateRequest, page, fetchedAt: 't1' },
      },
    ];
    const [event] = given(scrapeDecider, events).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: page.url, statusCode: 200, at: 't2' },
    });
    expect(event?.type).toBe('ScrapeCompleted');
    expect(event?.data).not.toHaveProperty('cacheKey');
  });

  it('marks a PDF cacheable like a page: a hit parses the stored PDF again', () => {
    const request = valid({ url: 'http://example.test/report.pdf' });
    const pdf = { ...page, fileType: 'pdf' as const };
    const [event] = given(scrapeDecider, [
      { type: 'ScrapeRequested', data: { scrapeId, teamId: 'team-1', request, requestedAt: 't0' } },
      { type: 'PageFetched', data: { scrapeId, teamId: 'team-1', request, page: pdf, fetchedAt: 't1' } },
    ]).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: pdf.url, statusCode: 200, at: 't2' },
    });
    expect(event?.data).toMatchObject({ cacheKey: cacheKey('team-1', request), page: pdf });
  });

  it('records the pages a PDF parse counted, for billing', () => {
    const request = valid({ url: 'http://example.test/report.pdf' });
    const pdf = { ...page, fileType: 'pdf' as const };
    const [event] = given(scrapeDecider, [
      { type: 'ScrapeRequested', data: { scrapeId, teamId: 'team-1', request, requestedAt: 't0' } },
      { type: 'PageFetched', data: { scrapeId, teamId: 'team-1', request, page: pdf, fetchedAt: 't1' } },
    ]).when({
      type: 'CompleteScrape',
      data: { scrapeId, documentBlob: 'docs/x', url: pdf.url, statusCode: 200, numPages: 3, at: 't2' },
    });
    expect(event?.data).toMatchObject({ numPages: 3 });
  });

  it('fails a scrape in flight, but never a finished one', () => {
    const command = {
      type: 'FailScrape',
      data: { scrapeId, code: 'SCRAPE_TIMEOUT', error: 'timed out', at: 't2' },
    } as const;
    expect(given(scrapeDecider, [requested]).when(command)).toEqual([failed]);
    expect(given(scrapeDecider, [requested, fetched]).when(command)).toEqual([failed]);
    expect(given(scrapeDecider, [requested, fetched, completed]).when(command)).toEqual([]);
    expect(given(scrapeDecider, [requested, fetched, completed]).state()).toMatchObject({
      status: 'completed',
    });
  });

  it('rejects commands for a scrape that does not exist', () => {
    expectDomainError(
      () => given(scrapeDecider, []).when({ type: 'RecordPageFetched', data: { scrapeId, page, at: 't1' } }),
      'SCRAPE_NOT_FOUND',
    );
  });
});
