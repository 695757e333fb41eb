import { createHash } from 'node:crypto';
import type { CachedPage, FetchedPage, ScrapeRequest } from '#contracts';

/** What the cache read model keeps per page variant: a reference to the page, never derived formats. */
export interface CacheEntry {
  scrapeId: string;
  teamId: string;
  /** Final URL of the cached page. */
  url: string;
  statusCode: number;
  contentType: string;
  /** Blob key of the page body; every format is derived from it again on a hit. */
  bodyBlob: string;
  /** Set when the body is a document's bytes (a PDF), parsed again on a hit. */
  fileType?: FetchedPage['fileType'];
  /** When the page was fetched (ISO-8601); its age is measured from here. */
  fetchedAt: string;
}

/**
 * The cached copy as a page to convert: every format is derived from its body again. A copy is
 * charged as one basic scrape, whatever proxy first fetched it.
 */
export function cachedPage(entry: CacheEntry): CachedPage {
  return {
    scrapeId: entry.scrapeId,
    fetchedAt: entry.fetchedAt,
    page: {
      url: entry.url,
      statusCode: entry.statusCode,
      contentType: entry.contentType,
      bodyBlob: entry.bodyBlob,
      ...(entry.fileType ? { fileType: entry.fileType } : {}),
      proxyUsed: 'basic',
    },
  };
}

/** Formats a cached page cannot give: a new version to compare, or files that expire before a cached page. */
export const FRESH_ONLY_FORMATS: ReadonlySet<string> = new Set([
  'changeTracking',
  'screenshot',
  'branding',
  'audio',
  'video',
]);

/**
 * A request may be answered from the cache only when nothing in it makes the page private or
 * time-dependent (API-NOTES: no actions, custom headers, changeTracking, `waitFor`, `maxAge: 0`),
 * nor asks a format only a live page gives (a screenshot, whose file expires before a cached page
 * does), nor a profile. `minAge` and `lockdown` read the cache whatever `maxAge` says.
 */
export function isCacheEligible(request: ScrapeRequest): boolean {
  if (request.lockdown || request.minAge !== undefined) return true;
  return (
    isSharedPage(request) &&
    !request.formats.some((format) => FRESH_ONLY_FORMATS.has(format.type)) &&
    request.maxAge > 0
  );
}

/**
 * Whether the page a request reads is the one every reader of its address sees: no actions, no
 * profile, no custom headers, no `waitFor`, no window resized for a screenshot (which lays the page
 * out anew). Formats read the page without changing it.
 */
function isSharedPage(request: ScrapeRequest): boolean {
  return (
    request.actions.length === 0 &&
    // A profile's cookies and storage make the page private to it.
    !request.profile &&
    !(request.headers && Object.keys(request.headers).length > 0) &&
    !request.formats.some((format) => format.type === 'screenshot' && format.viewport) &&
    request.waitFor === 0
  );
}

/**
 * Whether a completed scrape of this request is written to the cache: a fresh one (`maxAge: 0`)
 * too, as in Firecrawl, and one fetched for a format only a live page gives (a screenshot, change
 * tracking), so that the copy later readers get is the newest; never a cache-only request's.
 */
export function isCacheWritable(request: ScrapeRequest): boolean {
  return (
    isSharedPage(request) &&
    !request.lockdown &&
    request.minAge === undefined &&
    request.storeInCache &&
    !request.zeroDataRetention
  );
}

/**
 * `http://Example.com:80/a/?b=1#c` → `http://example.com/a?b=1`: no fragment, no trailing slash,
 * no default port; the query is kept (it often selects the content).
 */
export function normaliseCacheUrl(raw: string): string {
  const url = new URL(raw);
  url.hash = '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.protocol}//${url.host}${path}${url.search}`;
}

/**
 * The cache key of a request: the team (teams never read each other's cache), the normalised
 * URL, and every option that changes what the browser sees.
 */
export function cacheKey(teamId: string, request: ScrapeRequest): string {
  const variant = {
    url: normaliseCacheUrl(request.url),
    mobile: request.mobile,
    blockAds: request.blockAds,
    location: request.location ?? null,
    proxy: request.proxy,
  };
  return createHash('sha256').update(teamId).update('\n').update(JSON.stringify(variant)).digest('hex');
}

export type CacheVerdict =
  | { use: 'cache'; entry: CacheEntry }
  /** Scrape anew; `cacheState` says whether the cache was consulted. */
  | { use: 'scrape'; cacheState?: 'miss' }
  /** Cache-only request without a usable copy. */
  | { use: 'refuse'; code: 'SCRAPE_NO_CACHED_DATA' | 'SCRAPE_LOCKDOWN_CACHE_MISS'; message: string };

/** Decides between a cached copy and a scrape; `now` comes in, so the rule is testable. */
export function cacheVerdict(
  request: ScrapeRequest,
  entry: CacheEntry | undefined,
  now: number,
): CacheVerdict {
  if (!isCacheEligible(request)) return { use: 'scrape' };
  const age = entry ? now - Date.parse(entry.fetchedAt) : Number.POSITIVE_INFINITY;
  if (request.lockdown) {
    if (entry && age <= request.maxAge) return { use: 'cache', entry };
    return {
      use: 'refuse',
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
      message: `No cached copy of ${request.url} younger than maxAge; lockdown never fetches the page`,
    };
  }
  if (request.minAge !== undefined) {
    if (entry && age >= request.minAge) return { use: 'cache', entry };
    return {
      use: 'refuse',
      code: 'SCRAPE_NO_CACHED_DATA',
      message: `No cached copy of ${request.url} at least ${request.minAge} ms old`,
    };
  }
  if (entry && age < request.maxAge) return { use: 'cache', entry };
  return { use: 'scrape', cacheState: 'miss' };
}
