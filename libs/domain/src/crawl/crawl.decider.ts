import { v5 as uuidv5 } from 'uuid';
import {
  apiKeyOf,
  CRAWL_RESULT_TTL_MS,
  type CrawlCommand,
  type CrawlError,
  type CrawlEvent,
  type CrawlKind,
  type CrawlOptions,
  type CrawlStatus,
  type ExtractOptions,
  type PageDispatched,
  type QueuedPage,
  type ScrapeRequest,
} from '#contracts';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';
import { scopeVerdict } from './crawl-scope.js';
import { canonicalCrawlUrl, similarUrlKey } from './crawl-url.js';
import { isAllowedByRobots, parseRobotsTxt, type RobotsTxt } from './robots-txt.js';

/** A page whose scrape is under way: when it was dispatched, and the scrape's own timeout. */
export interface InFlightPage extends QueuedPage {
  dispatchedAt: string;
  timeoutMs: number;
}

/** A page waiting for a slot; pages appended to a batch carry the scrape options they came with. */
export interface PendingPage extends QueuedPage {
  request?: ScrapeRequest;
  /** Pages appended to a batch by another key than the one that started it. */
  apiKeyId?: string;
}

export interface ScrapedPage {
  scrapeId: string;
  url: string;
  documentBlob: string;
  credits: number;
}

export interface ActiveCrawl {
  status: CrawlStatus;
  crawlId: string;
  teamId: string;
  /** The API key that started the crawl: its pages' scrapes, and so their charges, name it. */
  apiKeyId?: string;
  kind: CrawlKind;
  startUrl: string;
  options: CrawlOptions;
  scrapeRequest: ScrapeRequest;
  returnLinks: boolean;
  expiresAt: string;
  extract?: ExtractOptions;
  /** robots.txt and sitemaps are known (always true for a batch). */
  discovered: boolean;
  robots?: RobotsTxt;
  /** Keys of every URL queued or reached by redirect, so no page is crawled twice. */
  seen: Set<string>;
  /** Pages admitted so far, in admission order (their index makes the scrape id). */
  admitted: number;
  pending: PendingPage[];
  inFlight: Map<string, InFlightPage>;
  scraped: ScrapedPage[];
  errors: CrawlError[];
  robotsBlocked: string[];
  lastDispatchAt?: string;
  /** An agent run's: the fields of its answer that its pages gave so far (the union of theirs). */
  answered: Set<string>;
  /** An agent run's answer lacks nothing: it follows no more links. */
  answerComplete: boolean;
}

export type CrawlState = { status: 'initial' } | ActiveCrawl;

/**
 * The life of a crawl (or batch scrape): the frontier of queued pages, the scrapes in flight and
 * the results. Every decision that frees a slot also dispatches the next pages, so the runner
 * only turns `PageDispatched` into scrapes and scrape outcomes into `RecordPageOutcome`.
 *
 * `evolve` grows the state's collections in place (a fold never reuses an older state), which
 * keeps replaying a 10 000-page crawl linear.
 */
export const crawlDecider: Decider<CrawlState, CrawlCommand, CrawlEvent> = {
  initialState: () => ({ status: 'initial' }),

  evolve(state, event) {
    if (event.type === 'CrawlStarted') {
      const { crawlId, teamId, kind, url, options, scrapeRequest, returnLinks, expiresAt, extract } =
        event.data;
      return {
        status: 'scraping',
        crawlId,
        teamId,
        ...apiKeyOf(event.data),
        kind,
        startUrl: url,
        options,
        scrapeRequest,
        returnLinks,
        expiresAt,
        ...(extract ? { extract } : {}),
        discovered: kind !== 'crawl',
        seen: new Set(),
        admitted: 0,
        pending: [],
        inFlight: new Map(),
        scraped: [],
        errors: [],
        robotsBlocked: [],
        answered: new Set(),
        answerComplete: false,
      };
    }
    if (state.status === 'initial') return state;
    switch (event.type) {
      case 'SiteDiscovered':
        return {
          ...state,
          discovered: true,
          robots: event.data.robotsTxt === null ? undefined : parseRobotsTxt(event.data.robotsTxt),
        };
      case 'PagesQueued':
        // A blocked URL is reported once, however many pages link to it.
        for (const url of [...event.data.pages.map((page) => page.url), ...event.data.robotsBlocked]) {
          state.seen.add(pageKey(state, url));
        }
        state.pending.push(...event.data.pages);
        state.robotsBlocked.push(...event.data.robotsBlocked);
        return { ...state, admitted: state.admitted + event.data.pages.length };
      case 'PageDispatched': {
        const index = state.pending.findIndex((page) => page.url === event.data.url);
        if (index !== -1) state.pending.splice(index, 1);
        const { url, depth, at, request } = event.data;
        state.inFlight.set(event.data.scrapeId, { url, depth, dispatchedAt: at, timeoutMs: request.timeout });
        return { ...state, lastDispatchAt: event.data.at };
      }
      case 'PageScraped': {
        state.inFlight.delete(event.data.scrapeId);
        const finalUrl = canonicalCrawlUrl(event.data.finalUrl, state.options);
        if (finalUrl) state.seen.add(pageKey(state, finalUrl));
        const { scrapeId, url, documentBlob, credits = 1, answered = [], answerComplete } = event.data;
        state.scraped.push({ scrapeId, url, documentBlob, credits });
        for (const field of answered) state.answered.add(field);
        if (!answerComplete) return { ...state };
        // The pages it was given, and its items' own pages, are still read; those it followed links to
        // are no longer needed.
        return {
          ...state,
          answerComplete: true,
          pending: state.pending.filter((page) => page.depth === 0 || page.item),
        };
      }
      case 'PageFailed': {
        state.inFlight.delete(event.data.scrapeId);
        const { scrapeId, url, code, error, at } = event.data;
        state.errors.push({ id: scrapeId, timestamp: at, url, code, error });
        return { ...state };
      }
      case 'BatchPagesAppended': {
        const { urls, scrapeRequest: request } = event.data;
        state.pending.push(...urls.map((url) => ({ url, depth: 0, request, ...apiKeyOf(event.data) })));
        return { ...state, status: 'scraping', admitted: state.admitted + urls.length };
      }
      case 'CrawlCompleted':
        return { ...state, status: 'completed' };
      case 'CrawlFailed':
        return { ...state, status: 'failed' };
      case 'CrawlCancelled':
        return { ...state, status: 'cancelled', pending: [] };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartCrawl': {
        if (state.status !== 'initial') throw alreadyExists(command.data.crawlId);
        const { crawlId, teamId, url, options, scrapeRequest, returnLinks, webhook, at } = command.data;
        return [
          {
            type: 'CrawlStarted',
            data: {
              crawlId,
              teamId,
              ...apiKeyOf(command.data),
              kind: 'crawl',
              url,
              options,
              scrapeRequest,
              returnLinks,
              ...(webhook ? { webhook } : {}),
              startedAt: at,
              expiresAt: expiry(at),
            },
          },
        ];
      }
      case 'StartBatchScrape': {
        if (state.status !== 'initial') throw alreadyExists(command.data.crawlId);
        const { crawlId, teamId, urls, maxConcurrency, scrapeRequest, webhook, extract, at } = command.data;
        // An agent that follows links may read more pages than it was given, as many as it may pay for.
        const options: CrawlOptions = {
          ...BATCH_OPTIONS,
          limit: extract?.follow?.maxPages ?? urls.length,
          maxConcurrency,
          ...(extract?.follow ? { maxDiscoveryDepth: extract.follow.maxDepth } : {}),
        };
        const started: CrawlEvent = {
          type: 'CrawlStarted',
          data: {
            crawlId,
            teamId,
            ...apiKeyOf(command.data),
            kind: extract ? 'extract' : 'batch',
            url: urls[0],
            options,
            scrapeRequest,
            returnLinks: true,
            ...(webhook ? { webhook } : {}),
            ...(extract ? { extract } : {}),
            startedAt: at,
            expiresAt: expiry(at),
          },
        };
        const queued: CrawlEvent = {
          type: 'PagesQueued',
          data: { crawlId, pages: urls.map((url) => ({ url, depth: 0 })), robotsBlocked: [] },
        };
        return thenDispatch([started, queued], state, at);
      }
      case 'AppendBatchScrape': {
        const { crawlId, teamId, urls, scrapeRequest, at } = command.data;
        const batch = requireActive(state, crawlId);
        if (batch.teamId !== teamId || batch.kind !== 'batch') throw notFound(crawlId);
        if (batch.status === 'cancelled') {
          throw new DomainError('CRAWL_CANCELLED', `Batch scrape ${crawlId} was cancelled: start a new one`);
        }
        if (Date.parse(batch.expiresAt) < Date.parse(at)) throw notFound(crawlId);
        const appended: CrawlEvent = {
          type: 'BatchPagesAppended',
          data: { crawlId, teamId, urls, scrapeRequest, at, ...apiKeyOf(command.data) },
        };
        return thenDispatch([appended], state, at);
      }
      case 'RecordSiteDiscovery': {
        const crawl = requireActive(state, command.data.crawlId);
        if (crawl.status !== 'scraping' || crawl.discovered) return [];
        const { crawlId, robotsTxt, sitemapUrls, at } = command.data;
        const discovered: CrawlEvent = {
          type: 'SiteDiscovered',
          data: { crawlId, robotsTxt, sitemapUrls, at },
        };
        const seeds = [
          ...(crawl.options.sitemap === 'only' ? [] : [crawl.startUrl]),
          ...(crawl.options.sitemap === 'skip' ? [] : sitemapUrls),
        ];
        return thenDispatch([discovered], state, at, (next) => admit(next, seeds, 0, { seeds: true }));
      }
      case 'RecordPageOutcome': {
        const crawl = requireActive(state, command.data.crawlId);
        const { crawlId, scrapeId, outcome, at } = command.data;
        const page = crawl.inFlight.get(scrapeId);
        if (crawl.status !== 'scraping' || !page) return [];
        if (outcome.status === 'scraped' && redirectsToCrawledPage(crawl, page.url, outcome.finalUrl)) {
          const raced: CrawlEvent = {
            type: 'PageFailed',
            data: {
              crawlId,
              scrapeId,
              url: page.url,
              code: 'SCRAPE_RACED_REDIRECT_ERROR',
              error: `The page redirected to ${outcome.finalUrl}, which this crawl has already: it is not returned twice, and its charge is given back`,
              at,
              refundTeamId: crawl.teamId,
            },
          };
          return thenDispatch([raced], state, at);
        }
        const recorded: CrawlEvent =
          outcome.status === 'scraped'
            ? {
                type: 'PageScraped',
                data: {
                  crawlId,
                  scrapeId,
                  url: page.url,
                  finalUrl: outcome.finalUrl,
                  statusCode: outcome.statusCode,
                  documentBlob: outcome.documentBlob,
                  credits: outcome.credits,
                  ...(outcome.answered ? { answered: outcome.answered } : {}),
                  ...(outcome.answerComplete ? { answerComplete: true as const } : {}),
                  at,
                },
              }
            : {
                type: 'PageFailed',
                data: { crawlId, scrapeId, url: page.url, code: outcome.code, error: outcome.error, at },
              };
        const scraped = outcome.status === 'scraped' && followsLinks(crawl);
        const links = scraped ? outcome.links : [];
        const items = new Set(scraped ? outcome.itemLinks : []);
        return thenDispatch([recorded], state, at, (next) =>
          next.answerComplete
            ? []
            : admit(next, [...items, ...links], page.depth + 1, { seeds: false, items }),
        );
      }
      case 'DispatchPages': {
        const crawl = requireActive(state, command.data.crawlId);
        if (crawl.status !== 'scraping') return [];
        return thenDispatch([], state, command.data.at);
      }
      case 'ExpireStalledPages': {
        const crawl = requireActive(state, command.data.crawlId);
        const { crawlId, graceMs, at, slots } = command.data;
        if (crawl.status !== 'scraping') return [];
        const startedAt = (scrapeId: string, page: { dispatchedAt: string }) =>
          Date.parse(slots?.startedAt[scrapeId] ?? page.dispatchedAt);
        const stalled: CrawlEvent[] = [...crawl.inFlight]
          .filter(([scrapeId]) => !slots?.waiting.includes(scrapeId))
          .filter(
            ([scrapeId, page]) => startedAt(scrapeId, page) + page.timeoutMs + graceMs <= Date.parse(at),
          )
          .map(([scrapeId, page]) => ({
            type: 'PageFailed',
            data: {
              crawlId,
              scrapeId,
              url: page.url,
              code: 'SCRAPE_TIMEOUT',
              error: `The page's scrape did not finish within ${page.timeoutMs + graceMs} ms`,
              at,
            },
          }));
        return stalled.length === 0 ? [] : thenDispatch(stalled, state, at);
      }
      case 'CancelCrawl': {
        const crawl = requireActive(state, command.data.crawlId);
        if (crawl.teamId !== command.data.teamId) throw notFound(command.data.crawlId);
        if (crawl.status !== 'scraping') return [];
        return [{ type: 'CrawlCancelled', data: { crawlId: crawl.crawlId, at: command.data.at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

const BATCH_OPTIONS: Omit<CrawlOptions, 'limit' | 'maxConcurrency'> = {
  includePaths: [],
  excludePaths: [],
  regexOnFullURL: false,
  sitemap: 'skip',
  ignoreQueryParameters: false,
  deduplicateSimilarURLs: false,
  crawlEntireDomain: true,
  allowExternalLinks: true,
  allowSubdomains: true,
  ignoreRobotsTxt: true,
  robotsUserAgent: '',
  delay: 0,
};

/**
 * Applies `events`, lets `more` add events decided on the resulting state (new pages to queue),
 * then dispatches what the concurrency and delay allow, and completes the crawl when nothing is
 * left. Works on a copy of the state so the caller's state stays untouched.
 */
function thenDispatch(
  events: CrawlEvent[],
  state: CrawlState,
  at: string,
  more?: (state: ActiveCrawl) => CrawlEvent[],
): CrawlEvent[] {
  const initial = events.reduce(crawlDecider.evolve, copy(state));
  if (initial.status === 'initial') return events;
  let next: ActiveCrawl = initial;
  const decided = [...events];
  const apply = (event: CrawlEvent) => {
    decided.push(event);
    next = crawlDecider.evolve(next, event) as ActiveCrawl;
  };
  for (const event of more?.(next) ?? []) apply(event);
  for (const event of dispatchable(next, at)) apply(event);
  if (
    next.status === 'scraping' &&
    next.discovered &&
    next.pending.length === 0 &&
    next.inFlight.size === 0
  ) {
    const { crawlId, scraped, errors } = next;
    apply(
      scraped.length === 0 && errors.length > 0
        ? { type: 'CrawlFailed', data: { crawlId, error: 'Every page of the crawl failed', at } }
        : { type: 'CrawlCompleted', data: { crawlId, at } },
    );
  }
  return decided;
}

/**
 * Pages that may start now: free concurrency slots, or one page once `delay` has passed. Scrape ids
 * are derived from the crawl id and the dispatch ordinal, so deciding again yields the same ids.
 */
function dispatchable(crawl: ActiveCrawl, at: string): PageDispatched[] {
  if (crawl.status !== 'scraping') return [];
  let slots = crawl.options.maxConcurrency - crawl.inFlight.size;
  if (crawl.options.delay > 0) {
    const due = nextDispatchAt(crawl);
    slots = crawl.inFlight.size === 0 && (!due || due <= at) ? 1 : 0;
  }
  const dispatched = crawl.inFlight.size + crawl.scraped.length + crawl.errors.length;
  return crawl.pending.slice(0, Math.max(0, slots)).map((page, index) => ({
    type: 'PageDispatched',
    data: {
      crawlId: crawl.crawlId,
      teamId: crawl.teamId,
      ...apiKeyOf(page.apiKeyId ? page : crawl),
      scrapeId: uuidv5(`${dispatched + index}#${page.url}`, crawl.crawlId),
      url: page.url,
      depth: page.depth,
      request: pageRequest(crawl, page),
      at,
    },
  }));
}

/** When a crawl with a delay may dispatch its next page (undefined: now, or nothing waits). */
export function nextDispatchAt(state: CrawlState): string | undefined {
  if (state.status !== 'scraping' || state.options.delay === 0 || !state.lastDispatchAt) return undefined;
  if (state.pending.length === 0 || state.inFlight.size > 0) return undefined;
  return new Date(Date.parse(state.lastDispatchAt) + state.options.delay * 1000).toISOString();
}

/** Frontier admission: canonical form, scope, robots, dedupe, depth and limit. */
function admit(
  crawl: ActiveCrawl,
  urls: string[],
  depth: number,
  { seeds, items = new Set() }: { seeds: boolean; items?: Set<string> },
): CrawlEvent[] {
  const { options } = crawl;
  if (options.maxDiscoveryDepth !== undefined && depth > options.maxDiscoveryDepth) return [];
  const pages: QueuedPage[] = [];
  const robotsBlocked: string[] = [];
  const keys = new Set<string>();
  for (const raw of urls) {
    if (crawl.admitted + pages.length >= options.limit) break;
    const url = canonicalCrawlUrl(raw, { ignoreQueryParameters: options.ignoreQueryParameters });
    if (!url) continue;
    const key = pageKey(crawl, url);
    if (crawl.seen.has(key) || keys.has(key)) continue;
    const isStart = seeds && url === canonicalCrawlUrl(crawl.startUrl, options);
    if (!isStart && !scopeVerdict(url, { ...options, startUrl: crawl.startUrl }).admit) continue;
    keys.add(key);
    if (
      crawl.robots &&
      !options.ignoreRobotsTxt &&
      !isAllowedByRobots(crawl.robots, url, options.robotsUserAgent)
    ) {
      robotsBlocked.push(url);
      continue;
    }
    pages.push({ url, depth, ...(items.has(raw) ? { item: true as const } : {}) });
  }
  if (pages.length === 0 && robotsBlocked.length === 0) return [];
  return [{ type: 'PagesQueued', data: { crawlId: crawl.crawlId, pages, robotsBlocked } }];
}

function pageKey(crawl: ActiveCrawl, url: string): string {
  return crawl.options.deduplicateSimilarURLs ? similarUrlKey(url) : url;
}

/**
 * A crawl's page that redirected to one the crawl already queued or read (`/old` → `/new`, both
 * linked): Firecrawl returns each page once. A batch returns every URL it was given.
 */
function redirectsToCrawledPage(crawl: ActiveCrawl, url: string, finalUrl: string): boolean {
  if (crawl.kind !== 'crawl') return false;
  const final = canonicalCrawlUrl(finalUrl, crawl.options);
  const own = canonicalCrawlUrl(url, crawl.options);
  return (
    !!final && !!own && pageKey(crawl, final) !== pageKey(crawl, own) && crawl.seen.has(pageKey(crawl, final))
  );
}

/** A crawl follows every link in scope; an agent run the links its runner picks as leading to what it lacks. */
function followsLinks(crawl: ActiveCrawl): boolean {
  return crawl.kind === 'crawl' || crawl.extract?.follow !== undefined;
}

/**
 * A crawl asks every page for all its links (`pageLinks`: the `links` format has only those of the
 * content the client asked for), an agent run that follows links for the page's HTML (its runner
 * reads each link's text); the client gets neither unless it asked.
 */
function pageRequest(crawl: ActiveCrawl, { url, request = crawl.scrapeRequest }: PendingPage): ScrapeRequest {
  if (crawl.kind === 'crawl') return { ...request, url, sourceUrl: url, pageLinks: true };
  const formats =
    !followsLinks(crawl) || request.formats.some((format) => format.type === 'rawHtml')
      ? request.formats
      : [...request.formats, { type: 'rawHtml' as const }];
  return { ...request, url, sourceUrl: url, formats };
}

function copy(state: CrawlState): CrawlState {
  if (state.status === 'initial') return state;
  return {
    ...state,
    seen: new Set(state.seen),
    pending: [...state.pending],
    inFlight: new Map(state.inFlight),
    scraped: [...state.scraped],
    errors: [...state.errors],
    robotsBlocked: [...state.robotsBlocked],
    answered: new Set(state.answered),
  };
}

function expiry(at: string): string {
  return new Date(Date.parse(at) + CRAWL_RESULT_TTL_MS).toISOString();
}

function requireActive(state: CrawlState, crawlId: string): ActiveCrawl {
  if (state.status === 'initial') throw notFound(crawlId);
  return state;
}

const notFound = (crawlId: string) => new DomainError('CRAWL_NOT_FOUND', `Crawl ${crawlId} does not exist`);
const alreadyExists = (crawlId: string) =>
  new DomainError('CRAWL_ALREADY_EXISTS', `Crawl ${crawlId} already exists`);
