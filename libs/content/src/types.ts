import type { RedactionOptions } from '#redaction';
import type { StructuredOutput, StructuredRequest } from '#structured';
import type { AttributeSelector, AttributeValues } from './attributes/select-attributes.js';

export type ContentFormat = 'markdown' | 'html' | 'rawHtml' | 'links' | 'images';

export interface PageInput {
  /** The page body: rendered HTML, or the text of a JSON / plain-text response. */
  html: string;
  /** Final URL of the page: relative URLs resolve against it (and its `<base href>`). */
  url: string;
  contentType?: string;
  formats: ContentFormat[];
  onlyMainContent: boolean;
  includeTags?: string[];
  excludeTags?: string[];
  removeBase64Images: boolean;
  /** The attributes format's `selectors`, when it was asked for. */
  attributes?: AttributeSelector[];
  /** Structured formats (json, summary, question, highlights, product, menu) and their options. */
  structured?: StructuredRequest;
  /** Remove leftover boilerplate blocks from the markdown (`onlyCleanContent`). */
  onlyCleanContent?: boolean;
  /** Personal and secret data to take out of the markdown (`redactPII`), when asked for. */
  redactPII?: RedactionOptions;
  /** Every link of the page too (`pageLinks`), whatever part of it the formats read: what a crawl follows. */
  pageLinks?: boolean;
}

/** Page metadata with Firecrawl's keys; every other `<meta>` keeps its raw name; repeats become arrays. */
export interface PageMetadata {
  title?: string;
  description?: string;
  language?: string;
  keywords?: string;
  robots?: string;
  favicon?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogUrl?: string;
  ogImage?: string;
  ogLocale?: string;
  ogLocaleAlternate?: string[];
  ogSiteName?: string;
  publishedTime?: string;
  modifiedTime?: string;
  [name: string]: string | string[] | undefined;
}

export interface PageOutput {
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  images?: string[];
  /** Every link of the page, hidden menus included, when `pageLinks` was asked for. */
  pageLinks?: string[];
  attributes?: AttributeValues[];
  structured?: StructuredOutput;
  metadata: PageMetadata;
  /** How the markdown was made, where it matters to the client (which method cleaned or redacted it). */
  notes?: string[];
}
