import type { ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString as hastToString } from 'hast-util-to-string';
import { asText, itemsOfType, jsonLdItems } from '#structured';
import { removeNonContent } from '../clean/remove-non-content.js';
import { resolveUrls } from '../parse/resolve-urls.js';

/**
 * The description of the page's one schema.org Product (JSON-LD), as blocks to show. Product
 * pages often render it client-side from that data, so the served HTML lacks it. Undefined
 * when the page describes no product, or several (a category page's item list).
 */
export function productDescription(tree: Root, url: string): ElementContent[] | undefined {
  const products = itemsOfType(jsonLdItems({ tree, url, meta: new Map() }), 'Product', 'ProductGroup');
  const descriptions = new Set(products.map((product) => asText(product.description)).filter(Boolean));
  if (descriptions.size !== 1) return undefined;
  const [description] = descriptions as Set<string>;
  if (/<[a-z][^>]*>/i.test(description)) {
    const fragment = fromHtml(description, { fragment: true });
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
      children: [{ type: 'text', value: paragraph }],
    }));
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** Share of the description's words that the picked content already shows. */
export function shownShare(description: ElementContent[], picked: ElementContent[]): number {
  const described = words(description.map((node) => hastToString(node)).join(' '));
  if (described.length === 0) return 1;
  const shown = new Set(words(picked.map((node) => hastToString(node)).join(' ')));
  return described.filter((word) => shown.has(word)).length / described.length;
}
