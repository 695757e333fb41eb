import type { Element } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { childElements } from '../tree/walk-elements.js';
import type { BlockStats } from './block-stats.js';

const PRICE = /[$€£¥₹]\s?\d|\d\s?(?:€|EUR|USD|GBP|CHF|kr|zł)\b/;
/** Longer children are descriptions of their own, not cards. */
const MAX_CARD_TEXT = 300;
const MIN_CARDS = 3;

/**
 * A row or grid of item cards: at least three children that each link somewhere and show a
 * price in a few words. On a product page these are recommendations (similar items, bought
 * together, recently viewed); on a listing they would be the content, so callers decide.
 */
export function isItemCardGrid(element: Element, stats: Map<Element, BlockStats>): boolean {
  const children = childElements(element);
  if (children.length < MIN_CARDS) return false;
  let cards = 0;
  for (const child of children) {
    const own = stats.get(child);
    if (!own || own.links === 0 || own.text > MAX_CARD_TEXT) continue;
    if (PRICE.test(hastToString(child))) cards++;
  }
  return cards >= MIN_CARDS && cards >= children.length * 0.6;
}
