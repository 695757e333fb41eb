import type { Root } from 'hast';
import { itemsOfType, jsonLdItems, type StructuredItem } from '#structured';
import { eachElement } from '../tree/walk-elements.js';

/** Kinds of page and the schema.org types (JSON-LD or microdata) and OpenGraph types that say so. */
const KINDS: Record<string, string[]> = {
  article: ['Article', 'NewsArticle', 'BlogPosting', 'Report', 'ScholarlyArticle', 'TechArticle', 'article'],
  product: ['Product', 'ProductGroup', 'product', 'og:product'],
  listing: ['ItemList', 'CollectionPage', 'SearchResultsPage', 'OfferCatalog'],
  discussion: ['QAPage', 'DiscussionForumPosting', 'Question', 'SocialMediaPosting'],
  faq: ['FAQPage'],
};

export const PAGE_KINDS = Object.keys(KINDS);

/**
 * What the page says it is: the kinds whose schema.org types its JSON-LD or microdata use, or
 * whose OpenGraph `og:type` it declares. Read before scripts are removed.
 */
export function pageKinds(
  tree: Root,
  url: string,
  items: StructuredItem[] = jsonLdItems({ tree, url, meta: new Map() }),
): string[] {
  const declared = new Set<string>();
  eachElement(tree, (node) => {
    const itemType = node.properties.itemType;
    for (const type of Array.isArray(itemType) ? itemType : []) {
      const name = /schema\.org\/(\w+)/i.exec(String(type))?.[1];
      if (name) declared.add(name);
    }
    if (node.tagName === 'meta' && node.properties.property === 'og:type')
      declared.add(String(node.properties.content ?? ''));
  });
  return PAGE_KINDS.filter((kind) => {
    const types = KINDS[kind] as string[];
    return itemsOfType(items, ...types).length > 0 || types.some((type) => declared.has(type));
  });
}
