import { type FetchedPage, type InteractEvent, type ScrapeEvent, validateScrapeRequest } from '#contracts';
import { given, rejectionCode } from '../decider/given-when-then.js';
import { scrapeDecider } from './scrape.decider.js';

const scrapeId = '0193a6f0-0000-7000-8000-000000000002';
const requestOf = (body: object) => {
  const result = validateScrapeRequest(body);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const page: FetchedPage = {
  url: 'http://example.test/',
  statusCode: 200,
  contentType: 'text/html',
  bodyBlob: 'pages/x',
  proxyUsed: 'basic',
};
const history = (body: object = { url: 'http://example.test/' }): (ScrapeEvent | InteractEvent)[] => {
  const request = requestOf(body);
  return [
    { type: 'ScrapeRequested', data: { scrapeId, teamId: 'team-1', request, requestedAt: 't0' } },
    { type: 'PageFetched', data: { scrapeId, teamId: 'team-1', request, page, fetchedAt: 't1' } },
    {
      type: 'ScrapeCompleted',
      data: {
        scrapeId,
        teamId: 'team-1',
        documentBlob: 'd',
        url: page.url,
        statusCode: 200,
        page,
        fetchedAt: 't1',
        completedAt: 't2',
      },
    },
  ];
};
const started: InteractEvent = {
  type: 'InteractSessionStarted',
  data: { scrapeId, teamId: 'team-1', sessionId: 's1', startedAt: '2026-11-23T10:00:00.000Z' },
};
const start = (teamId = 'team-1', sessionId = 's2') =>
  ({
    type: 'StartInteraction',
    data: { scrapeId, teamId, sessionId, at: '2026-11-23T10:00:00.000Z' },
  }) as const;

describe('interact sessions on the scrape aggregate', () => {
  it('starts a session on a completed scrape of the same team, once', () => {
    expect(given(scrapeDecider, history()).when(start('team-1', 's1'))).toEqual([started]);
    expect(given(scrapeDecider, [...history(), started]).when(start())).toEqual([]);
  });

  it('refuses unknown scrapes, other teams, unfinished and zero-data-retention scrapes', () => {
    expect(rejectionCode(() => given(scrapeDecider, []).when(start()))).toBe('SCRAPE_NOT_FOUND');
    expect(rejectionCode(() => given(scrapeDecider, history()).when(start('team-2')))).toBe(
      'SCRAPE_NOT_FOUND',
    );
    expect(rejectionCode(() => given(scrapeDecider, history().slice(0, 2)).when(start()))).toBe(
      'INTERACT_SCRAPE_NOT_COMPLETED',
    );
    expect(
      rejectionCode(() =>
        given(scrapeDecider, history({ url: 'http://example.test/', zeroDataRetention: true })).when(start()),
      ),
    ).toBe('INTERACT_ZERO_DATA_RETENTION');
  });

  it('records a cache hit as a scrape that sessions can start on, but never a zero-data-retention one', () => {
    const hit = (body: object) =>
      ({
        type: 'RecordCacheHit',
        data: {
          scrapeId,
          teamId: 'team-1',
          request: requestOf(body),
          cachedScrapeId: 'c',
          cachedAt: 't0',
          at: 't1',
        },
      }) as const;
    const recorded = given(scrapeDecider, []).when(hit({ url: 'http://example.test/' }));
    expect(recorded).toEqual([
      {
        type: 'ScrapeServedFromCache',
        data: {
          scrapeId,
          teamId: 'team-1',
          request: requestOf({ url: 'http://example.test/' }),
          cachedScrapeId: 'c',
          cachedAt: 't0',
          servedAt: 't1',
        },
      },
    ]);
    expect(given(scrapeDecider, recorded).when(start('team-1', 's1'))).toEqual([started]);
    expect(rejectionCode(() => given(scrapeDecider, recorded).when(start('team-2')))).toBe(
      'SCRAPE_NOT_FOUND',
    );
    expect(
      rejectionCode(() => given(scrapeDecider, recorded).when(hit({ url: 'http://example.test/' }))),
    ).toBe('SCRAPE_ALREADY_EXISTS');
    expect(
      rejectionCode(() =>
        given(scrapeDecider, []).when(hit({ url: 'http://example.test/', lockdown: true })),
      ),
    ).toBe('ZERO_DATA_RETENTION');
  });

  it('records runs of the live session only, and stops it with its duration', () => {
    const run = {
      type: 'RecordInteraction',
      data: { scrapeId, sessionId: 's1', mode: 'code', exitCode: 0, killed: false, replayed: false, at: 't' },
    } as const;
    expect(given(scrapeDecider, [...history(), started]).when(run)).toHaveLength(1);
    expect(given(scrapeDecider, history()).when(run)).toEqual([]);

    const stop = {
      type: 'StopInteraction',
      data: { scrapeId, reason: 'stopped', at: '2026-11-23T10:00:42.000Z' },
    } as const;
    expect(given(scrapeDecider, [...history(), started]).when(stop)).toEqual([
      {
        type: 'InteractSessionStopped',
        data: {
          scrapeId,
          sessionId: 's1',
          reason: 'stopped',
          durationMs: 42_000,
          stoppedAt: '2026-11-23T10:00:42.000Z',
        },
      },
    ]);
    // A worker letting go of a page nobody interacted with records nothing.
    expect(given(scrapeDecider, history()).when({ ...stop, data: { ...stop.data, reason: 'idle' } })).toEqual(
      [],
    );
  });
});
