import { STATUS_CODES } from 'node:http';
import type { ActionOutputs, FetchedPage, ScrapeRequest } from '#contracts';
import { redactionOptions } from '#redaction';
import type { ContentFormat, PageInput, PageOutput } from '../types.js';

/** The Firecrawl v2 document: only the requested formats, plus metadata every client relies on. */
export interface ScrapeDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  /** A file-store key in the stored document; a signed URL in the answer. */
  screenshot?: string;
  /** File-store keys of the page's audio and video; signed URLs valid for an hour in the answer. */
  audio?: string;
  video?: string;
  actions?: ActionOutputs<{ url: string; html: string }>;
  /** Something the client should know about how this document was made. */
  warning?: string;
  metadata: Record<string, unknown>;
}

const CONTENT_FORMATS = new Set<string>(['markdown', 'html', 'rawHtml', 'links', 'images']);

/** What the converter needs to derive a request's formats from a fetched page body. */
export function pageInputOf(request: ScrapeRequest, page: FetchedPage, body: string): PageInput {
  return {
    html: body,
    url: page.url,
    contentType: page.contentType,
    formats: request.formats
      .map((format) => format.type)
      .filter((type) => CONTENT_FORMATS.has(type)) as ContentFormat[],
    onlyMainContent: request.onlyMainContent,
    includeTags: request.includeTags,
    excludeTags: request.excludeTags,
    removeBase64Images: request.removeBase64Images,
    onlyCleanContent: request.onlyCleanContent,
    redactPII: redactionOptions(request.redactPII),
  };
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
