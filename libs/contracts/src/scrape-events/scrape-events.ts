import type { ScrapePremium } from '../credit-events/index.js';
import type { DocumentFileType } from '../documents/index.js';
import type { ScrapeRequest } from '../scrape-request/index.js';

/**
 * Events of a `scrape-<scrapeId>` stream, published on `<prefix>.evt.scrape.<type>`.
 * Page bodies never travel in events: `bodyBlob` / `documentBlob` are keys in the blob store.
 */
export interface ScrapeRequested {
  type: 'ScrapeRequested';
  data: {
    scrapeId: string;
    teamId: string;
    /** The API key that asked for the scrape (absent for monitor checks and older events). */
    apiKeyId?: string;
    request: ScrapeRequest;
    requestedAt: string;
    crawlId?: string;
  };
}

export interface FetchedPage {
  /** Final URL after redirects. */
  url: string;
  statusCode: number;
  contentType: string;
  /** Blob key of the rendered HTML (or raw body of a non-HTML response). */
  bodyBlob: string;
  /** Set when the body is a document's bytes rather than text: a PDF, an office document, a CSV file (by content type or signature). */
  fileType?: DocumentFileType;
  /** The kind of proxy the page came through (`auto` reports enhanced only when its enhanced retry got through). */
  proxyUsed: 'basic' | 'enhanced';
  /** File-store key of the screenshot, when the `screenshot` format was asked for. */
  screenshotFile?: string;
  /** File-store keys of the page's audio (MP3) and video, when those formats were asked for. */
  audioFile?: string;
  videoFile?: string;
  /** What the request's actions produced, in request order (files and HTML by key). */
  actions?: ActionOutputs<{ url: string; htmlBlob: string }>;
  /** The `branding` format, measured in the live page by the browser-worker (small JSON). */
  branding?: Record<string, unknown>;
}

/** Results of a scrape's actions, each list in request order; files are file-store keys. */
export interface ActionOutputs<Snapshot> {
  screenshots: string[];
  scrapes: Snapshot[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: string[];
}

/**
 * Self-contained for the extractor: it carries the request, so no consumer reads the store.
 * `requestedAt` + the request's `timeout` is when the client stops waiting: the extractor's model
 * calls end by then (events recorded before it was added lack it).
 *
 * A crawl or batch page the cache answers starts here, with no `ScrapeRequested` (no browser
 * visit): `cachedScrapeId` names the scrape that fetched the page, `fetchedAt` is when it did.
 */
export interface PageFetched {
  type: 'PageFetched';
  data: {
    scrapeId: string;
    teamId: string;
    apiKeyId?: string;
    request: ScrapeRequest;
    requestedAt?: string;
    page: FetchedPage;
    fetchedAt: string;
    cachedScrapeId?: string;
    crawlId?: string;
  };
}

export interface ScrapeCompleted {
  type: 'ScrapeCompleted';
  data: {
    scrapeId: string;
    teamId: string;
    apiKeyId?: string;
    /** Blob key of the Firecrawl document (JSON) the API answers with. */
    documentBlob: string;
    /**
     * Blob key of the main content's markdown when the document holds none (a scrape for json or a
     * summary alone): the text the local search index reads.
     */
    textBlob?: string;
    url: string;
    statusCode: number;
    /** The fetched page the document was derived from. */
    page: FetchedPage;
    /** Pages parsed by the pdf parser, when the page was a PDF. */
    numPages?: number;
    fetchedAt: string;
    /** Set when the page may be served from the cache: the cache-lookups key of its variant. */
    cacheKey?: string;
    /** Set when the scrape produced markdown: the key of the page's change history (team, URL, tag). */
    changeTrackingKey?: string;
    /** Set when the scrape is a page of a crawl or batch scrape. */
    crawlId?: string;
    /** What the request paid extra for (json, question, …): its charge is priced from them. */
    premiums?: ScrapePremium[];
    completedAt: string;
  };
}

export interface ScrapeFailed {
  type: 'ScrapeFailed';
  data: {
    scrapeId: string;
    /** Absent in events written before 2026-12-06. */
    teamId?: string;
    code: string;
    error: string;
    failedAt: string;
    crawlId?: string;
  };
}

/**
 * A scrape answered from the cache: no page was fetched, but the scrape exists (its team, its
 * request), so interact can open a live session on it by replaying the request. Never written for
 * zero-data-retention requests (lockdown).
 */
export interface ScrapeServedFromCache {
  type: 'ScrapeServedFromCache';
  data: {
    scrapeId: string;
    teamId: string;
    request: ScrapeRequest;
    /** The scrape whose page the cache answered with, and when that page was fetched. */
    cachedScrapeId: string;
    cachedAt: string;
    servedAt: string;
  };
}

export type ScrapeEvent =
  | ScrapeRequested
  | PageFetched
  | ScrapeCompleted
  | ScrapeFailed
  | ScrapeServedFromCache;

export interface StartScrape {
  type: 'StartScrape';
  /**
   * `crawlId` when the scrape is a page of a crawl or batch scrape: its outcome events carry it back.
   * `cached` when the cache answers that page: its copy is converted as a fetched page would be.
   */
  data: {
    scrapeId: string;
    teamId: string;
    apiKeyId?: string;
    request: ScrapeRequest;
    at: string;
    crawlId?: string;
    cached?: CachedPage;
  };
}

/** A page from the cache index: the scrape that fetched it, when, and the stored page. */
export interface CachedPage {
  scrapeId: string;
  fetchedAt: string;
  page: FetchedPage;
}

export interface RecordPageFetched {
  type: 'RecordPageFetched';
  data: { scrapeId: string; page: FetchedPage; at: string };
}

export interface CompleteScrape {
  type: 'CompleteScrape';
  data: {
    scrapeId: string;
    documentBlob: string;
    /** The main content's markdown, when the document holds none (`ScrapeCompleted.textBlob`). */
    textBlob?: string;
    url: string;
    statusCode: number;
    /** Pages parsed by the pdf parser, when the page was a PDF (what per-page billing counts). */
    numPages?: number;
    at: string;
  };
}

export interface FailScrape {
  type: 'FailScrape';
  data: { scrapeId: string; code: string; error: string; at: string };
}

export interface RecordCacheHit {
  type: 'RecordCacheHit';
  data: {
    scrapeId: string;
    teamId: string;
    request: ScrapeRequest;
    cachedScrapeId: string;
    cachedAt: string;
    at: string;
  };
}

/** The cached copy a scrape started from has lost its body (deleted): the page is fetched after all. */
export interface FetchCachedPageAnew {
  type: 'FetchCachedPageAnew';
  data: { scrapeId: string; at: string };
}

export type ScrapeCommand =
  | StartScrape
  | RecordPageFetched
  | CompleteScrape
  | FailScrape
  | RecordCacheHit
  | FetchCachedPageAnew;

export const scrapeStreamId = (scrapeId: string) => `scrape-${scrapeId}`;
export const SCRAPE_CATEGORY = 'scrape';
