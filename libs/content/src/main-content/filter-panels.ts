import type { Element } from 'hast';
import { childElements } from '../tree/walk-elements.js';
import type { BlockStats } from './block-stats.js';

/** Choices with longer labels are items to compare in a grid, not filter values. */
const MAX_CHOICE_LABEL = 40;
const MIN_CHOICES = 3;

/**
 * One group of a filter panel (brands, sizes, price ranges): children that are mostly a checkbox
 * and a short label each. Judged on the children, so a wrapper around filters and results
 * together never reads as a filter group.
 */
export function isChoiceList(element: Element, stats: Map<Element, BlockStats>): boolean {
  const own = stats.get(element);
  if (!own || own.choices < MIN_CHOICES) return false;
  const children = childElements(element);
  const choices = children.filter((child) => {
    const childStats = stats.get(child);
    return childStats?.choices === 1 && childStats.text < MAX_CHOICE_LABEL;
  }).length;
  return choices >= MIN_CHOICES && choices >= children.length * 0.6;
}
