import type { JsonSchema } from './json/json-schema.js';
import type { Menu } from './menu/extract-menu.js';
import type { Product } from './product/extract-product.js';

export interface JsonRequest {
  schema?: JsonSchema;
  prompt?: string;
}

/** The structured formats a scrape asked for, with their options. */
export interface StructuredRequest {
  json?: JsonRequest;
  /** Change tracking's `json` mode: its own extraction, compared with the previous scrape's. */
  changeTracking?: JsonRequest;
  summary?: boolean;
  /** The `question` format's question. */
  question?: string;
  /** The `highlights` format's query. */
  highlights?: string;
  product?: boolean;
  menu?: boolean;
}

export interface StructuredInput {
  /** The page as fetched: structured data lives in `<head>` and in markup the main content drops. */
  html: string;
  url: string;
  /** The page's main content as markdown: what summaries, answers and highlights read. */
  markdown: string;
  request: StructuredRequest;
}

/** The Firecrawl document fields these formats fill, and notes for `warning`. */
export interface StructuredOutput {
  json?: unknown;
  /** The extraction of change tracking's `json` mode: kept as the page's snapshot, not part of the document. */
  changeTrackingJson?: unknown;
  summary?: string;
  answer?: string;
  highlights?: string;
  product?: Product | null;
  menu?: Menu;
  /** Per format, what the client should know about it (how it was made, what is missing). */
  notes: Partial<Record<StructuredFormat, string>>;
  /** The main content's markdown the text formats read: for the model port, never part of the document. */
  pageMarkdown?: string;
}

export type StructuredFormat =
  | 'json'
  | 'changeTracking'
  | 'summary'
  | 'answer'
  | 'highlights'
  | 'product'
  | 'menu';
