import type { ElementContent, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { asText, asWritten, itemsOfType, jsonLdItems, parseHtml, type StructuredItem } from '#structured';
import { removeNonContent } from '../clean/remove-non-content.js';
import { resolveUrls } from '../parse/resolve-urls.js';
import { eachElement } from '../tree/walk-elements.js';
import { lexiconWords } from './word-lexicon.js';

/** The page's one product, as far as extraction cares: its description, as blocks to show. */
export interface PageProduct {
  description?: ElementContent[];
}

/**
 * The page's one schema.org Product or ProductGroup (JSON-LD, else microdata). Undefined when
 * the page describes no product, or several (a category page's item list). Product pages often
 * render the description client-side from the JSON-LD, so the served HTML may lack it.
 */
export function pageProduct(
  tree: Root,
  url: string,
  items: StructuredItem[] = jsonLdItems({ tree, url, meta: new Map() }),
): PageProduct | undefined {
  const groups = itemsOfType(items, 'ProductGroup');
  const products = groups.length > 0 ? groups : itemsOfType(items, 'Product');
  if (products.length === 0) return microdataProducts(tree) === 1 ? {} : undefined;
  const names = new Set(products.map((product) => asText(product.name)));
  if (names.size !== 1) return undefined;
  const description = products.map((product) => asWritten(product.description)).find(Boolean);
  return description ? { description: descriptionBlocks(unescaped(description), url) } : {};
}

/** Elements marked `itemtype="…schema.org/Product"` (the description is already in the HTML there). */
function microdataProducts(tree: Root): number {
  let products = 0;
  eachElement(tree, ({ properties }) => {
    if (properties.itemType !== undefined && PRODUCT_TYPE.test(String(properties.itemType))) products++;
  });
  return products;
}
const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup)$/i;

/**
 * Some shop themes write the description URL-encoded into their JSON-LD (`An%20elegant%20sofa…`):
 * text without a single space but with escapes is not meant to be read as it stands.
 */
function unescaped(description: string): string {
  if (/\s/.test(description) || !/%[0-9a-f]{2}/i.test(description)) return description;
  try {
    return decodeURIComponent(description);
  } catch {
    return description;
  }
}

const CHARACTER_REFERENCE = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/i;

function descriptionBlocks(description: string, url: string): ElementContent[] {
  if (/<[a-z][^>]*>/i.test(description)) {
    const fragment = parseHtml(description, { fragment: true });
    removeNonContent(fragment);
    resolveUrls(fragment, url);
    return fragment.children.filter((node): node is ElementContent => node.type !== 'doctype');
  }
  return description
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({
      type: 'element',
      tagName: 'p',
      properties: {},
      // Themes escape JSON-LD strings as HTML (`Model is 6&apos;0&quot;`): such text is read as HTML text.
      children: CHARACTER_REFERENCE.test(paragraph)
        ? (parseHtml(paragraph, { fragment: true }).children as ElementContent[])
        : [{ type: 'text', value: paragraph }],
    }));
}

/** Share of the description's words that the picked content already shows. */
export function shownShare(description: ElementContent[], picked: ElementContent[]): number {
  const described = lexiconWords(description.map((node) => hastToString(node)).join(' '));
  if (described.length === 0) return 1;
  const shown = new Set(lexiconWords(picked.map((node) => hastToString(node)).join(' ')));
  return described.filter((word) => shown.has(word)).length / described.length;
}
