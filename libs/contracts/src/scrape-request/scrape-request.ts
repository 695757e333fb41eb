import type { ActionDto, FormatDto, FormatType, ParserDto, PROXY_MODES } from './scrape-request.dto.js';

/**
 * A validated scrape request with every default applied: what the api puts into `StartScrape`
 * and every worker reads from `ScrapeRequested`. Part of the public event contract.
 */
export interface ScrapeRequest {
  /** Normalised URL to fetch (scheme added when missing). */
  url: string;
  /** The URL exactly as the client sent it (`metadata.sourceURL`). */
  sourceUrl: string;
  formats: (Omit<FormatDto, 'type'> & { type: FormatType })[];
  headers?: Record<string, string>;
  includeTags?: string[];
  excludeTags?: string[];
  onlyMainContent: boolean;
  onlyCleanContent: boolean;
  timeout: number;
  waitFor: number;
  mobile: boolean;
  parsers: ParserDto[];
  actions: ActionDto[];
  location?: { country?: string; languages?: string[] };
  skipTlsVerification: boolean;
  removeBase64Images: boolean;
  fastMode: boolean;
  useMock?: string;
  blockAds: boolean;
  proxy: (typeof PROXY_MODES)[number];
  maxAge: number;
  minAge?: number;
  storeInCache: boolean;
  zeroDataRetention: boolean;
  lockdown: boolean;
  redactPII?: unknown;
  profile?: { name: string; saveChanges: boolean };
  integration?: string;
  /**
   * Set by a crawl, never by a client: the document also carries `pageLinks`, every link of the
   * page (the `links` format has only those of the content the client asked for).
   */
  pageLinks?: true;
}

/** Firecrawl v2 defaults. */
export const SCRAPE_DEFAULTS = {
  timeout: 30_000,
  /** Two days. */
  maxAge: 172_800_000,
  /** Two years: lockdown serves whatever the cache holds. */
  lockdownMaxAge: 63_072_000_000,
} as const;
