import type { Element, Root, RootContent } from 'hast';
import { phrasing } from 'hast-util-phrasing';
import { selectAll } from 'hast-util-select';
import { visit } from 'unist-util-visit';
import { parseHtml } from './parse-html.js';
import { separatorBetween, VERBATIM } from './touching-inlines.js';

/** The parsed page every structured method reads: the tree, its URL and its `<meta>` values. */
export interface ParsedPage {
  tree: Root;
  url: string;
  /** Every `<meta>` by its lower-cased property and name (a microdata `itemprop` alone is its item's); repeats keep every value. */
  meta: Map<string, string[]>;
}

export function parsePage(html: string, url: string): ParsedPage {
  const tree = parseHtml(html);
  const meta = new Map<string, string[]>();
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'meta') return;
    const content = attr(node, 'content');
    if (content === undefined) return;
    // One tag may serve all: `<meta property="og:description" name="description" itemprop="description">`.
    const keys = new Set(
      [attr(node, 'property'), attr(node, 'name')].flatMap((key) => (key ? [key.toLowerCase()] : [])),
    );
    for (const name of keys) meta.set(name, [...(meta.get(name) ?? []), content.trim()]);
  });
  return { tree, url, meta };
}

export function firstMeta(page: ParsedPage, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = page.meta.get(name)?.find((entry) => entry !== '');
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The page's own title heading: of its `<h1>`s, the one sharing most words with its title
 * (`og:title`, else `<title>`), the first on a tie. Amazon puts a "Follow the author" card's
 * `<h1>` before the product's.
 */
export function titleHeading(page: ParsedPage): Element | undefined {
  const headings = selectAll('h1', page.tree);
  if (headings.length <= 1) return headings[0];
  const titleElement = selectAll('title', page.tree)[0];
  const title = new Set(wordsOf(firstMeta(page, 'og:title') ?? (titleElement ? textOf(titleElement) : '')));
  return sharingMostWords(headings, textOf, title);
}

/** What parts a title into the page's own and its site's name: "Copper Kettle | Acme Shop". */
export const TITLE_SEPARATOR = /\s+[|–—·»:-]\s+/;

/**
 * A title without its site's name: the last or first part that names the site (its `og:site_name`,
 * or its host, "Beardbrand" on beardbrand.com) is left out, so a product's OpenGraph title
 * ("Copper Kettle 1.7 L | Acme Kitchen Shop", "Amazon.com: Copper Kettle") names only the product.
 */
export function withoutSiteName(title: string, page: ParsedPage): string {
  const host = hostLabels(page.url);
  const site = wordsOf(firstMeta(page, 'og:site_name') ?? '').join('');
  const namesSite = (part: string | undefined) => {
    const words = wordsOf(part ?? '').join('');
    return words !== '' && (words === site || host.includes(words));
  };
  const last = LAST_PART.exec(title);
  if (last && namesSite(last[1])) return title.slice(0, last.index);
  const first = FIRST_PART.exec(title);
  if (first && namesSite(first[1])) return title.slice(first[0].length);
  return title;
}

const LAST_PART = new RegExp(`${TITLE_SEPARATOR.source}((?:(?!${TITLE_SEPARATOR.source}).)+)$`);
/** A leading site name may end in a colon: "Amazon.com: Copper Kettle". */
const FIRST_PART = /^(.+?)(?:\s*:|\s+[|–—·»-])\s+/;

/** A host's names as a title writes them: "beardbrand" and "beardbrandcom" for www.beardbrand.com. */
function hostLabels(url: string): string[] {
  try {
    const labels = new URL(url).hostname.replace(/^www\./, '').split('.');
    return [labels.join(''), labels.length > 1 ? (labels.at(-2) as string) : ''].filter(
      (label) => label.length >= 3,
    );
  } catch {
    return [];
  }
}

/** A text's words, lower-cased, punctuation left out. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Of the items, the first whose text shares most distinct words with `words`. */
export function sharingMostWords<T>(
  items: T[],
  text: (item: T) => string,
  words: ReadonlySet<string>,
): T | undefined {
  let best: { item: T; shared: number } | undefined;
  for (const item of items) {
    const shared = [...new Set(wordsOf(text(item)))].filter((word) => words.has(word)).length;
    if (!best || shared > best.shared) best = { item, shared };
  }
  return best?.item;
}

/** An attribute as a string (class lists joined by spaces); undefined when absent. */
export function attr(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  if (value === undefined || value === null || value === false) return undefined;
  return Array.isArray(value) ? value.join(' ') : String(value);
}

/**
 * Text of an element as a reader reads it, on one line: blocks (list items, paragraphs, cells) and
 * line breaks apart, inline elements as written (`Ro<b>ll</b>` → "Roll"; `<li>4 eggs<ul><li>at room
 * temperature` → "4 eggs at room temperature", not "eggsat"), except where touching inlines are apart
 * on screen (`<span>La Sportiva</span><span>Aragon</span>` → "La Sportiva Aragon"), as the markdown
 * writes them (`separatorBetween`).
 */
export function textOf(node: Element | Root): string {
  return joinedText(node, (element) => element.tagName === 'br' || !phrasing(element), separatorBetween);
}

/** Text of an element with a space between its elements' texts: `<b>Roll</b><i>vegan</i>` → "Roll vegan". */
export function spacedText(node: Element | Root): string {
  return joinedText(
    node,
    () => true,
    () => '',
  );
}

/**
 * The text under a node, whitespace collapsed, with a space around each element `apart` says
 * stands apart and what `between` says between touching siblings (none in code).
 */
function joinedText(
  node: Element | Root,
  apart: (element: Element) => boolean,
  between: (before: RootContent, after: RootContent) => string,
): string {
  const parts: string[] = [];
  const walk = (current: Element | Root, inCode: boolean) => {
    const verbatim = inCode || (current.type === 'element' && VERBATIM.has(current.tagName));
    current.children.forEach((child, index) => {
      const before = current.children[index - 1];
      if (before && !verbatim) parts.push(between(before, child));
      if (child.type === 'text') parts.push(child.value);
      else if (child.type === 'element' && !NON_CONTENT.has(child.tagName)) {
        const spaced = apart(child);
        if (spaced) parts.push(' ');
        walk(child, verbatim);
        if (spaced) parts.push(' ');
      }
    });
  };
  walk(node, false);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** A URL made absolute against the page; undefined when it cannot be. */
export function absoluteUrl(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** Elements that never hold page content. */
export const NON_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
