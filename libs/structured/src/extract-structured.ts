import { answerQuestion, NO_ANSWER, type PageData } from './answer/answer-question.js';
import { findHighlights } from './highlights/find-highlights.js';
import { fillSchema, schemaFieldNames } from './json/fill-schema.js';
import type { JsonSchema } from './json/json-schema.js';
import { missingOnPage } from './json/merge-extracted.js';
import { pageFacts } from './json/page-facts.js';
import { pageOutline } from './json/page-outline.js';
import { extractMenu } from './menu/extract-menu.js';
import { firstMeta, type ParsedPage, parsePage } from './page/parse-page.js';
import { extractProduct } from './product/extract-product.js';
import { summarize } from './summary/summarize.js';
import { formatPrice } from './text/prices.js';
import type { JsonRequest, StructuredInput, StructuredOutput } from './types.js';

const PRODUCT_SOURCES = {
  'structured-data': 'schema.org data',
  opengraph: 'OpenGraph product tags',
  'page-heuristics': 'visible text (no product data on the page)',
} as const;

/** A json extraction by the local method: the schema filled from the page, else the page outline. */
function extractJson(
  { schema, prompt }: JsonRequest,
  page: () => ParsedPage,
  markdown: string,
): { value: unknown; note: string } {
  if (!schema)
    return {
      value: pageOutline(page()),
      note: 'holds the page outline (title, headings, key/values, tables): a free-form prompt needs a model (set LLM_BASE_URL)',
    };
  const fill = fillSchema(schema, pageFacts(page(), schemaFieldNames(schema), markdown));
  return {
    value: fill.value,
    note:
      `was filled by the local extractor (page structured data, labels and sentences${prompt ? '; the prompt needs a model and was not used' : ''})` +
      (fill.missing.length > 0 ? `; ${missingOnPage(fill.missing)}` : ''),
  };
}

/**
 * What the page's data says, for the questions no sentence answers: the product it shows (its title
 * and first price) and a json field as the `json` format fills it (`author`, `date published`).
 */
function pageData(page: () => ParsedPage, markdown: string): PageData {
  return {
    product: () => {
      const product = extractProduct(page())?.product;
      const price = product?.variants.find((variant) => variant.price)?.price;
      if (!product || !price) return undefined;
      return { title: product.title, price: price.formatted ?? formatPrice(price.amount, price.currency) };
    },
    field: (name) => {
      const schema: JsonSchema = { type: 'object', properties: { [name]: { type: 'string' } } };
      const value = (
        fillSchema(schema, pageFacts(page(), [name], markdown)).value as Record<string, unknown>
      )[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
  };
}

/**
 * Every requested structured format by the local, deterministic methods: pure and synchronous,
 * it runs in the content worker pool. The page is parsed once, only if a format needs markup.
 */
export function extractStructured(input: StructuredInput): StructuredOutput {
  const { request } = input;
  const output: StructuredOutput = { notes: {}, pageMarkdown: input.markdown };
  let parsed: ParsedPage | undefined;
  const page = () => {
    parsed ??= parsePage(input.html, input.url);
    return parsed;
  };

  if (request.json) {
    const extracted = extractJson(request.json, page, input.markdown);
    output.json = extracted.value;
    output.notes.json = `json ${extracted.note}`;
  }
  if (request.changeTracking) {
    const extracted = extractJson(request.changeTracking, page, input.markdown);
    output.changeTrackingJson = extracted.value;
    output.notes.changeTracking = `changeTracking json ${extracted.note}`;
  }
  if (request.summary) {
    output.summary = summarize(input.markdown, {
      description: firstMeta(page(), 'description', 'og:description', 'twitter:description'),
    });
    output.notes.summary =
      output.summary === ''
        ? 'summary is empty: the page has no whole sentence, nor a description, to summarise it with (local method, no model)'
        : "summary is extractive: sentences of the page chosen by the local ranker, led by the page's description when it has little prose";
  }
  if (request.question !== undefined) {
    const found = answerQuestion(input.markdown, request.question, pageData(page, input.markdown));
    output.answer = found.answer ?? NO_ANSWER;
    output.notes.answer = found.answer
      ? 'answer is the sentence of the page that best matches the question, or what its data says of the page (local retrieval, no model)'
      : 'answer: no sentence of the page answers the question (local retrieval, no model)';
  }
  if (request.query) {
    const { prompt, mode } = request.query;
    if (mode === 'directQuote') {
      const quotes = findHighlights(input.markdown, prompt);
      output.answer = quotes.length > 0 ? quotes.join('\n\n') : NO_ANSWER;
      output.notes.answer =
        quotes.length > 0
          ? 'answer quotes the passages of the page that best match the query (local retrieval, no model)'
          : 'answer: no passage of the page matches the query (local retrieval, no model)';
    } else {
      const found = answerQuestion(input.markdown, prompt, pageData(page, input.markdown));
      output.answer = found.answer ?? NO_ANSWER;
      output.notes.answer = found.answer
        ? 'answer is the sentence of the page that best matches the query, or what its data says of the page (local retrieval, no model)'
        : 'answer: no sentence of the page answers the query (local retrieval, no model)';
    }
  }
  if (request.highlights !== undefined) {
    const passages = findHighlights(input.markdown, request.highlights);
    output.highlights = passages.join('\n\n');
    if (passages.length === 0)
      output.notes.highlights = 'highlights: no passage of the page matches the query';
  }
  if (request.product) {
    const found = extractProduct(page());
    output.product = found?.product ?? null;
    output.notes.product = found
      ? `product comes from the page's ${PRODUCT_SOURCES[found.source]}`
      : 'product: the page shows no product';
  }
  if (request.menu) {
    output.menu = extractMenu(page());
    if (!output.menu.isMenu) output.notes.menu = 'menu: the page does not look like a menu';
  }
  return output;
}
