import { STATUS_CODES } from 'node:http';
import type { PageOutput } from '#content';
import type { FetchedPage, ScrapeRequest } from '#contracts';

/** The Firecrawl v2 document: only the requested formats, plus metadata every client relies on. */
export interface ScrapeDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  metadata: Record<string, unknown>;
}

export function buildDocument(
  scrapeId: string,
  request: ScrapeRequest,
  page: FetchedPage,
  output: PageOutput,
): ScrapeDocument {
  const { metadata: pageMetadata, ...formats } = output;
  return {
    ...formats,
    metadata: {
      ...pageMetadata,
      sourceURL: request.sourceUrl,
      url: page.url,
      statusCode: page.statusCode,
      contentType: page.contentType,
      scrapeId,
      proxyUsed: page.proxyUsed,
      creditsUsed: 1,
      concurrencyLimited: false,
      ...(page.statusCode >= 400
        ? { error: STATUS_CODES[page.statusCode] ?? `HTTP ${page.statusCode}` }
        : {}),
    },
  };
}
