import { STATUS_CODES } from 'node:http';
import type { ActionOutputs, FetchedPage, ScrapeRequest } from '#contracts';
import { redactionOptions } from '#redaction';
import type { Menu, Product, StructuredRequest } from '#structured';
import type { AttributeValues } from '../attributes/select-attributes.js';
import type { ContentFormat, PageInput, PageOutput } from '../types.js';

/** The Firecrawl v2 document: only the requested formats, plus metadata every client relies on. */
export interface ScrapeDocument {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  /** Every link of the page, for the crawl that asked (`ScrapeRequest.pageLinks`); never shown to clients. */
  pageLinks?: string[];
  attributes?: AttributeValues[];
  /** A file-store key in the stored document; a signed URL in the answer. */
  screenshot?: string;
  /** File-store keys of the page's audio and video; signed URLs valid for an hour in the answer. */
  audio?: string;
  video?: string;
  actions?: ActionOutputs<{ url: string; html: string }>;
  json?: unknown;
  summary?: string;
  answer?: string;
  highlights?: string;
  product?: Product | null;
  menu?: Menu;
  /** Measured in the live page by the browser-worker. */
  branding?: Record<string, unknown>;
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
    ...attributeSelectorsOf(request),
    ...structuredRequestOf(request),
    onlyCleanContent: request.onlyCleanContent,
    redactPII: redactionOptions(request.redactPII),
    ...(request.pageLinks ? { pageLinks: true } : {}),
  };
}

function attributeSelectorsOf(request: ScrapeRequest): Pick<PageInput, 'attributes'> {
  const format = request.formats.find((format) => format.type === 'attributes');
  return format?.selectors ? { attributes: format.selectors } : {};
}

/** The structured formats of a request, as the local methods (and the model port) take them. */
export function structuredRequestOf(request: ScrapeRequest): { structured?: StructuredRequest } {
  const structured: StructuredRequest = {};
  for (const format of request.formats) {
    if (format.type === 'json') structured.json = { schema: format.schema, prompt: format.prompt };
    else if (format.type === 'changeTracking' && format.modes?.includes('json'))
      structured.changeTracking = { schema: format.schema, prompt: format.prompt };
    else if (format.type === 'summary') structured.summary = true;
    else if (format.type === 'question') structured.question = format.question ?? '';
    else if (format.type === 'highlights') structured.highlights = format.query ?? '';
    else if (format.type === 'query')
      structured.query = { prompt: format.prompt ?? '', mode: format.mode ?? 'freeform' };
    else if (format.type === 'product') structured.product = true;
    else if (format.type === 'menu') structured.menu = true;
  }
  return Object.keys(structured).length > 0 ? { structured } : {};
}

export function buildDocument(
  scrapeId: string,
  request: ScrapeRequest,
  page: FetchedPage,
  output: PageOutput,
): ScrapeDocument {
  const { metadata: pageMetadata, structured, notes: markdownNotes = [], ...formats } = output;
  const {
    notes,
    pageMarkdown: _pageMarkdown,
    changeTrackingJson: _snapshot,
    ...structuredFormats
  } = structured ?? { notes: {} };
  const warnings = [...Object.values(notes), ...markdownNotes];
  return {
    ...formats,
    ...structuredFormats,
    ...(page.branding ? { branding: page.branding } : {}),
    ...(warnings.length > 0 ? { warning: warnings.join('. ') } : {}),
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
