import type { Root } from 'hast';
import { select } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { redactedValues, redactPii } from '#redaction';
import { extractStructured, jsonLdItems, parseHtml } from '#structured';
import { noAttributeValues, selectAttributes } from './attributes/select-attributes.js';
import { removeBoilerplate } from './clean/boilerplate-floor.js';
import { removeNonContent } from './clean/remove-non-content.js';
import { keepOnly, removeMatching } from './clean/tag-filters.js';
import { cleanMarkdown } from './clean-content/clean-markdown.js';
import { redactStructured } from './document/redact-structured.js';
import { collectImages, collectLinks } from './links/collect-links.js';
import {
  type ExtractionOptions,
  extractMainContent,
  type PageBlocks,
  readPage,
} from './main-content/extract-main-content.js';
import { pageKinds } from './main-content/page-kinds.js';
import { pageProduct } from './main-content/page-product.js';
import { toMarkdown } from './markdown/to-markdown.js';
import { extractMetadata } from './metadata/extract-metadata.js';
import { LOCAL_CLEANING, LOCAL_REDACTION } from './model/local-methods.js';
import { resolveFragmentLinks, resolveUrls } from './parse/resolve-urls.js';
import { holdsText } from './tree/walk-elements.js';
import type { PageInput, PageMetadata, PageOutput } from './types.js';

/**
 * One page → the requested formats. Synchronous and pure: it runs in a worker thread. The page
 * is parsed once; metadata comes from the whole page, markdown, html, links and images from the
 * content that `onlyMainContent` / `includeTags` / `excludeTags` select.
 */
export function convertPage(input: PageInput, evaluation: Evaluation = {}): PageOutput {
  const output = convertFormats(input, evaluation);
  const notes: string[] = [];
  if (input.onlyCleanContent && output.markdown !== undefined) {
    output.markdown = cleanMarkdown(output.markdown).markdown;
    notes.push(`onlyCleanContent by ${LOCAL_CLEANING} (no model)`);
  }
  // Redacted last, on the finished markdown, so nothing derived from it later sees the original.
  if (input.redactPII && output.markdown !== undefined) {
    const redacted = redactPii(output.markdown, input.redactPII);
    if (output.structured) {
      const values = redactedValues(output.markdown, redacted.findings);
      output.structured = redactStructured(output.structured, values, input.redactPII);
    }
    output.markdown = redacted.text;
    if (input.redactPII.mode === 'accurate')
      notes.push(`redactPII accurate by ${LOCAL_REDACTION} (no model)`);
  }
  if (notes.length > 0) output.notes = notes;
  return output;
}

/** For the benchmark only: judge blocks with another model (one that never saw the page) than the shipped one. */
export type Evaluation = Pick<ExtractionOptions, 'extractionModel'>;

function convertFormats(input: PageInput, evaluation: Evaluation): PageOutput {
  const wants = new Set(input.formats);
  if (input.contentType && !/html/i.test(input.contentType)) return convertText(input, wants);

  const { tree, base } = parsePage(input);
  const output: PageOutput = { metadata: extractMetadata(tree) };
  if (wants.has('rawHtml')) output.rawHtml = input.html;
  if (input.pageLinks) output.pageLinks = collectLinks(tree);
  // As in Firecrawl, links and images are those of the content the html format gives; of the whole
  // page, hidden menus and lazy images included, when nothing selects a part of it.
  const selectsPart = input.onlyMainContent || !!input.includeTags?.length || !!input.excludeTags?.length;
  if (!selectsPart) collectLinksAndImages(tree, base, wants, input, output);
  const readsContent =
    wants.has('markdown') ||
    wants.has('html') ||
    input.attributes ||
    input.structured ||
    (selectsPart && (wants.has('links') || wants.has('images')));
  if (!readsContent) return output;
  // Read before the scripts that carry it are removed.
  const hints = input.onlyMainContent ? extractionHints(tree, input.url, output.metadata) : {};
  const extraction = { ...hints, ...evaluation };
  // Main content extraction judges hidden blocks itself (accordions and tabs hold product details).
  removeNonContent(tree, { keepHiddenBlocks: extractsMainContent(input) });

  const content = selectContent(tree, input, extraction);
  if (selectsPart) collectLinksAndImages(content, base, wants, input, output);
  // Links into the page itself (`#notes`) are written absolute like every other link, once
  // extraction has read them as in-page links and the links format has left them out.
  resolveFragmentLinks(content, base);
  // Before markdown, whose writer reshapes the tree it reads (spaces between touching inlines, heading permalinks gone).
  if (wants.has('html')) output.html = bodyHtml(content);
  // From the content the html format gives, as Firecrawl reads them (onlyMainContent: false reads the whole page).
  if (input.attributes) output.attributes = selectAttributes(content, input.attributes);
  // Summaries, answers and highlights read the main content's markdown, even when markdown itself was not asked for.
  const markdown = wants.has('markdown') || input.structured ? toMarkdown(content, input) : undefined;
  if (wants.has('markdown')) output.markdown = markdown;
  if (input.structured) {
    output.structured = extractStructured({
      html: input.html,
      url: input.url,
      markdown: markdown ?? '',
      request: input.structured,
    });
  }
  return output;
}

function collectLinksAndImages(
  tree: Root,
  base: string,
  wants: Set<string>,
  input: PageInput,
  output: PageOutput,
) {
  if (wants.has('links')) output.links = collectLinks(tree);
  if (wants.has('images'))
    output.images = collectImages(tree, { removeBase64Images: input.removeBase64Images, base });
}

/** The page's tree with its URLs made absolute, and the base they were resolved against. */
function parsePage(input: Pick<PageInput, 'html' | 'url'>): { tree: Root; base: string } {
  const tree = parseHtml(input.html);
  return { tree, base: resolveUrls(tree, input.url) };
}

/** Content types whose text is code, with the language its fence names. */
const FENCED_TYPES: readonly [RegExp, string][] = [
  [/json/i, 'json'],
  [/xml/i, 'xml'],
  [/javascript|ecmascript/i, 'js'],
  [/^text\/css/i, 'css'],
];

/** A fence longer than any run of backticks inside, so the text cannot close it early. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** The tree `includeTags` / `excludeTags` leave; then, with onlyMainContent, its main content. */
function selectContent(tree: Root, input: PageInput, extraction: ExtractionOptions): Root {
  const filtered = (root: Root) => {
    let content = root;
    if (input.includeTags?.length) content = keepOnly(content, input.includeTags);
    if (input.excludeTags?.length) removeMatching(content, input.excludeTags);
    return content;
  };
  const content = filtered(tree);
  if (!extractsMainContent(input)) return content;
  // The floor edits the tree in place (cheaper than copying every page); in the rare case it
  // leaves nothing, the page is parsed again and kept whole.
  const measures = removeBoilerplate(content);
  const main = extractMainContent(content, { url: input.url, ...extraction }, measures);
  if (holdsText(main)) return main;
  const { tree: whole } = parsePage(input);
  removeNonContent(whole);
  return filtered(whole);
}

/**
 * The text blocks and features that onlyMainContent's classifier judges on this page, read
 * exactly as `convertPage` reads them: for training and evaluating the classifier.
 */
export function mainContentBlocks(input: Pick<PageInput, 'html' | 'url'>): PageBlocks {
  const { tree } = parsePage(input);
  const hints = extractionHints(tree, input.url, extractMetadata(tree));
  removeNonContent(tree, { keepHiddenBlocks: true });
  const measures = removeBoilerplate(tree);
  return readPage(tree, { ...hints, url: input.url }, measures);
}

/**
 * What the page says about itself, read before its scripts are removed: its one product, its
 * kinds (from one read of its JSON-LD) and its headline (title and description).
 */
function extractionHints(tree: Root, url: string, metadata: PageMetadata): ExtractionOptions {
  const items = jsonLdItems({ tree, url, meta: new Map() });
  const headline = [metadata.title, metadata.description, metadata.ogTitle, metadata.ogDescription]
    .filter((text) => typeof text === 'string')
    .join(' ');
  return { product: pageProduct(tree, url, items), kinds: pageKinds(tree, url, items), headline };
}

function bodyHtml(tree: Root): string {
  const body = select('body', tree);
  return toHtml(body ? body.children : tree.children).trim();
}

/**
 * Text responses: markdown is the text, fenced where it is code a markdown reader would otherwise
 * take apart (JSON pretty-printed; XML, whose tags would read as HTML; scripts and styles).
 * Plain text and markdown pass through.
 */
function convertText(input: PageInput, wants: Set<string>): PageOutput {
  const language = FENCED_TYPES.find(([type]) => type.test(input.contentType ?? ''))?.[1];
  let markdown = input.html;
  if (language === 'json') {
    try {
      markdown = JSON.stringify(JSON.parse(input.html), null, 2);
    } catch {
      // Not valid JSON after all: show it as sent.
    }
  }
  if (language) markdown = fenced(markdown, language);
  const escaped = input.html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    metadata: {},
    ...(wants.has('markdown') ? { markdown } : {}),
    ...(wants.has('html') ? { html: `<pre>${escaped}</pre>` } : {}),
    ...(wants.has('rawHtml') ? { rawHtml: input.html } : {}),
    ...(wants.has('links') ? { links: [] } : {}),
    ...(wants.has('images') ? { images: [] } : {}),
    ...(input.attributes ? { attributes: noAttributeValues(input.attributes) } : {}),
    ...(input.structured
      ? { structured: extractStructured({ html: '', url: input.url, markdown, request: input.structured }) }
      : {}),
  };
}

const extractsMainContent = (input: PageInput) =>
  input.onlyMainContent === true && !input.includeTags?.length;
