import type { ScrapeRequest } from '../scrape-request/index.js';
import type { CrawlKind, CrawlOptions, ExtractOptions } from './crawl-events.js';

/** Status of a crawl or batch scrape as Firecrawl names it. */
export type CrawlStatus = 'scraping' | 'completed' | 'failed' | 'cancelled';

export interface CrawlError {
  id: string;
  timestamp: string;
  url: string;
  code: string;
  error: string;
}

/**
 * The reply of the `GetCrawl` query: a crawl's progress and one window of its scraped pages'
 * documents (blob keys, oldest first). Read from the aggregate itself, so a client that polls
 * right after starting a crawl always finds it.
 */
export interface CrawlView {
  crawlId: string;
  teamId: string;
  kind: CrawlKind;
  status: CrawlStatus;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  returnLinks: boolean;
  /** How many pages were scraped: documents beyond the window exist when this is larger. */
  scrapedPages: number;
  documentBlobs: string[];
  errors: CrawlError[];
  robotsBlocked: string[];
  extract?: ExtractOptions;
}

/**
 * A crawled page's document as clients see it (`GET /v2/crawl/{id}` and crawl webhooks alike):
 * without the links the crawl follows (`pageLinks`; `links` on pages dispatched before crawls asked
 * for pageLinks), and with the links format only when the crawl asked for it.
 */
export function crawledDocumentForClient<Document extends { links?: unknown; pageLinks?: unknown }>(
  document: Document,
  returnLinks: boolean,
): Document {
  delete document.pageLinks;
  if (!returnLinks) delete document.links;
  return document;
}

export interface GetCrawl {
  crawlId: string;
  skip: number;
  take: number;
}

/** The `ListActiveCrawls` query (`GET /v2/crawl/active`): a team's crawls still scraping. */
export interface ListActiveCrawls {
  teamId: string;
}

/** One crawl in progress, as Firecrawl lists it: its start URL and options, scrape options included. */
export interface ActiveCrawlView {
  id: string;
  teamId: string;
  url: string;
  options: CrawlOptions & { scrapeOptions: Omit<ScrapeRequest, 'url'> };
}
