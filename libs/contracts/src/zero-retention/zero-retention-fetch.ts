import type { FetchedPage } from '../scrape-events/index.js';
import type { ScrapeRequest } from '../scrape-request/index.js';

/**
 * Zero-data-retention fetches bypass the event store and JetStream: the api asks a browser-worker
 * over core NATS request/reply (`<prefix>.cmd.zdr.FetchPage`, a subject no stream captures) and
 * the worker answers with the page as a chunked reply (#messaging); nothing is written anywhere.
 */
export const ZERO_RETENTION_CATEGORY = 'zdr';
export const ZERO_RETENTION_FETCH = 'FetchPage';

export interface ZeroRetentionFetchRequest {
  scrapeId: string;
  request: ScrapeRequest;
  requestedAt: string;
}

export interface ZeroRetentionPage {
  url: string;
  statusCode: number;
  contentType: string;
  /** The page's text, or a document's bytes Base64-encoded (then `fileType` says which). */
  body: string;
  fileType?: FetchedPage['fileType'];
  /** The kind of proxy that fetched the page: what the scrape is charged for. */
  proxyUsed: 'basic' | 'enhanced';
  actions?: {
    scrapes: { url: string; html: string }[];
    javascriptReturns: { type: string; value: unknown }[];
  };
}
