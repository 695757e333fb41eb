import type { ScrapeRequest } from '../scrape-request/index.js';
import type { CrawlWebhook } from './crawl-webhook.js';

/**
 * A crawl or a batch scrape: one `crawl-<crawlId>` stream holding its frontier, so the crawl
 * resumes after a restart. Pages are scraped by ordinary scrapes (`StartScrape` with `crawlId`).
 * Events are published on `<prefix>.evt.crawl.<type>`.
 */
export type CrawlKind = 'crawl' | 'batch' | 'extract';

/**
 * An extract job (`POST /v2/extract`) is a batch whose pages are scraped with the json format (its
 * schema and prompt are in the scrape request); its answer merges what each page gave.
 */
export interface ExtractOptions {
  /** The pages, in the order their answers are merged (the first page with a value gives it). */
  urls: string[];
  /** Answer which pages each top-level field came from. */
  showSources: boolean;
  /** Set when `POST /v2/agent` started the job: `GET /v2/agent` lists it. */
  agent?: boolean;
  /**
   * An agent run that may leave its pages: while its answer lacks something, it also reads the
   * pages their links lead to that may hold it, `maxDepth` links away at most, `maxPages` in all.
   */
  follow?: { maxPages: number; maxDepth: number };
}

/** Crawl options with every default applied (the `POST /v2/crawl` body minus url and scrapeOptions). */
export interface CrawlOptions {
  includePaths: string[];
  excludePaths: string[];
  regexOnFullURL: boolean;
  /** Links followed from the start page (depth 0; sitemap pages are depth 0 too). */
  maxDiscoveryDepth?: number;
  limit: number;
  sitemap: 'skip' | 'include' | 'only';
  ignoreQueryParameters: boolean;
  deduplicateSimilarURLs: boolean;
  crawlEntireDomain: boolean;
  allowExternalLinks: boolean;
  allowSubdomains: boolean;
  ignoreRobotsTxt: boolean;
  robotsUserAgent: string;
  /** Seconds between two page scrapes; forces one page at a time. */
  delay: number;
  maxConcurrency: number;
}

export interface QueuedPage {
  url: string;
  depth: number;
  /**
   * The own page of an item an agent run's listing named, for the item's fields the listing lacks:
   * read even after the answer lacks nothing, as each such page answers for its item alone.
   */
  item?: true;
}

export interface CrawlStarted {
  type: 'CrawlStarted';
  data: {
    crawlId: string;
    teamId: string;
    /** The API key that asked for it, so charges can be told apart by key (absent for monitor checks and older events). */
    apiKeyId?: string;
    kind: CrawlKind;
    /** Start URL of a crawl; first URL of a batch. */
    url: string;
    options: CrawlOptions;
    /** Scrape options of every page; `url` is replaced per page. */
    scrapeRequest: ScrapeRequest;
    /** The client asked for the `links` format (the crawl always extracts links to follow them). */
    returnLinks: boolean;
    /** Where the crawl's progress is sent (the projector delivers it). */
    webhook?: CrawlWebhook;
    /** Set for an extract job (kind `extract`). */
    extract?: ExtractOptions;
    startedAt: string;
    expiresAt: string;
  };
}

/** robots.txt (null when the site has none) and the page URLs its sitemaps list. */
export interface SiteDiscovered {
  type: 'SiteDiscovered';
  data: { crawlId: string; robotsTxt: string | null; sitemapUrls: string[]; at: string };
}

export interface PagesQueued {
  type: 'PagesQueued';
  data: { crawlId: string; pages: QueuedPage[]; robotsBlocked: string[] };
}

/** Self-contained for the runner that starts the page's scrape. */
export interface PageDispatched {
  type: 'PageDispatched';
  data: {
    crawlId: string;
    teamId: string;
    /** The API key that asked for it, so charges can be told apart by key (absent for monitor checks and older events). */
    apiKeyId?: string;
    scrapeId: string;
    url: string;
    depth: number;
    request: ScrapeRequest;
    at: string;
  };
}

export interface PageScraped {
  type: 'PageScraped';
  data: {
    crawlId: string;
    scrapeId: string;
    url: string;
    finalUrl: string;
    statusCode: number;
    documentBlob: string;
    /** What the page's scrape was charged (absent in events from before it was recorded: 1). */
    credits?: number;
    /** An agent run that follows links: the fields of its answer this page gave a value. */
    answered?: string[];
    /** An agent run that follows links: with this page its answer lacks nothing, so no followed page waits. */
    answerComplete?: true;
    at: string;
  };
}

export interface PageFailed {
  type: 'PageFailed';
  data: {
    crawlId: string;
    scrapeId: string;
    url: string;
    code: string;
    error: string;
    at: string;
    /**
     * The team whose charge for the page's scrape is given back: the page was read, but it redirected
     * to a page the crawl already has (SCRAPE_RACED_REDIRECT_ERROR), so it is not the crawl's.
     */
    refundTeamId?: string;
  };
}

/**
 * URLs added to a batch scrape (`appendToId`), scraped with the scrape options they came with. A
 * batch that had finished scrapes again, and completes (or fails) anew when they are done.
 */
export interface BatchPagesAppended {
  type: 'BatchPagesAppended';
  data: {
    crawlId: string;
    teamId: string;
    urls: string[];
    scrapeRequest: ScrapeRequest;
    at: string;
    /** The API key that appended the pages: their scrapes, and so their charges, name it. */
    apiKeyId?: string;
  };
}

export interface CrawlCompleted {
  type: 'CrawlCompleted';
  data: { crawlId: string; at: string };
}

/** Every page failed: nothing was crawled. */
export interface CrawlFailed {
  type: 'CrawlFailed';
  data: { crawlId: string; error: string; at: string };
}

export interface CrawlCancelled {
  type: 'CrawlCancelled';
  data: { crawlId: string; at: string };
}

export type CrawlEvent =
  | CrawlStarted
  | SiteDiscovered
  | PagesQueued
  | PageDispatched
  | PageScraped
  | PageFailed
  | BatchPagesAppended
  | CrawlCompleted
  | CrawlFailed
  | CrawlCancelled;

export interface StartCrawl {
  type: 'StartCrawl';
  data: {
    crawlId: string;
    teamId: string;
    /** The API key that asked for it, so charges can be told apart by key (absent for monitor checks and older events). */
    apiKeyId?: string;
    url: string;
    options: CrawlOptions;
    scrapeRequest: ScrapeRequest;
    returnLinks: boolean;
    webhook?: CrawlWebhook;
    at: string;
  };
}

export interface StartBatchScrape {
  type: 'StartBatchScrape';
  data: {
    crawlId: string;
    teamId: string;
    /** The API key that asked for it, so charges can be told apart by key (absent for monitor checks and older events). */
    apiKeyId?: string;
    urls: string[];
    maxConcurrency: number;
    scrapeRequest: ScrapeRequest;
    webhook?: CrawlWebhook;
    /** Makes the batch an extract job. */
    extract?: ExtractOptions;
    at: string;
  };
}

export interface AppendBatchScrape {
  type: 'AppendBatchScrape';
  data: {
    crawlId: string;
    teamId: string;
    urls: string[];
    scrapeRequest: ScrapeRequest;
    at: string;
    apiKeyId?: string;
  };
}

export interface RecordSiteDiscovery {
  type: 'RecordSiteDiscovery';
  data: { crawlId: string; robotsTxt: string | null; sitemapUrls: string[]; at: string };
}

export type PageOutcome =
  | {
      status: 'scraped';
      finalUrl: string;
      statusCode: number;
      documentBlob: string;
      links: string[];
      /** An agent run's: the own pages of the items this page listed that lack a field (see QueuedPage.item). */
      itemLinks?: string[];
      credits: number;
      /** An agent run that follows links: what this page answered, and whether the run's answer is whole. */
      answered?: string[];
      answerComplete?: boolean;
    }
  | { status: 'failed'; code: string; error: string };

export interface RecordPageOutcome {
  type: 'RecordPageOutcome';
  data: { crawlId: string; scrapeId: string; outcome: PageOutcome; at: string };
}

/**
 * The watchdog's sweep: pages whose scrape has not ended `graceMs` after the scrape's own
 * timeout are failed as SCRAPE_TIMEOUT (a lost job must not keep its crawl running forever).
 * A page's time runs from its dispatch, or from when it got a slot of its team's concurrency
 * (`startedAt`) if it had to wait for one; a page still waiting for a slot is not stalled.
 */
export interface ExpireStalledPages {
  type: 'ExpireStalledPages';
  data: {
    crawlId: string;
    graceMs: number;
    at: string;
    /** The team's concurrency queue as the watchdog read it, by scrape id. */
    slots?: { waiting: string[]; startedAt: Record<string, string> };
  };
}

/** Dispatches what the delay now allows. */
export interface DispatchPages {
  type: 'DispatchPages';
  data: { crawlId: string; at: string };
}

export interface CancelCrawl {
  type: 'CancelCrawl';
  data: { crawlId: string; teamId: string; at: string };
}

export type CrawlCommand =
  | StartCrawl
  | StartBatchScrape
  | AppendBatchScrape
  | RecordSiteDiscovery
  | RecordPageOutcome
  | DispatchPages
  | ExpireStalledPages
  | CancelCrawl;

export const crawlStreamId = (crawlId: string) => `crawl-${crawlId}`;
export const CRAWL_CATEGORY = 'crawl';
/** Crawls the watchdog sweeps (`<crawlId>`), kept by core's crawl runner while they run. */
export const CRAWLS_IN_PROGRESS_READ_MODEL = 'crawls_in_progress';

/** Crawl results are kept (and `expiresAt` says so) for a day, as in Firecrawl. */
export const CRAWL_RESULT_TTL_MS = 24 * 3600 * 1000;
