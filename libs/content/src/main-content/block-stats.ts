import type { Element, Root } from 'hast';
import { isHidden } from '../clean/hidden.js';
import { collapsedLength } from './content-blocks.js';

/** Text measurements of one element's subtree, gathered in a single pass. */
export interface BlockStats {
  /** Characters of visible text (whitespace collapsed). */
  text: number;
  /** Characters of that text inside links. */
  linkText: number;
  /** Paragraph-like blocks (p, pre, blockquote, table rows, list items with prose). */
  paragraphs: number;
  /** Links (`<a>` with text). */
  links: number;
  /** Characters of link text in links whose label is long enough to be an item's title. */
  titledLinkText: number;
  /** Links to a place on the same page (`href="#…"`): tables of contents, footnotes, tabs. */
  anchorLinks: number;
  /** Checkboxes: the choices of filter panels. */
  choices: number;
}

/**
 * A measure of nothing yet, with `choices` set. A fresh record per element, written out rather than
 * spread from another: this runs for every element, several times a page.
 */
const emptyStats = (choices: number): BlockStats => ({
  text: 0,
  linkText: 0,
  paragraphs: 0,
  links: 0,
  titledLinkText: 0,
  anchorLinks: 0,
  choices,
});

/** What a node that shows nothing measures. */
const NOTHING: BlockStats = Object.freeze(emptyStats(0));

/**
 * A page's block measures while it is edited: the stats of its elements, and the nodes that lost
 * something under them since (`removeElements` records them), which `measureBlocks` measures again.
 */
export interface BlockMeasures {
  stats: Map<Element, BlockStats>;
  changed: Set<Root | Element>;
}

/** Measures of nothing yet: `measureBlocks` measures every element under the root it is given. */
export const noMeasures = (): BlockMeasures => ({ stats: new Map(), changed: new Set() });

/**
 * Computes stats for every element under `root`, bottom up. What the markup hides (a closed
 * accordion, a mega menu left in the tree for the classifier to judge) is measured on its own but
 * adds nothing to the elements around it: they are measured as a reader sees them.
 *
 * Given the `earlier` measures of a page edited since, it measures again only where something went
 * (an element nothing under it lost keeps its stats, and those below it: an element's stats read
 * only its own subtree), updates them in place, and takes what it measured again out of `changed`
 * (nodes around `root` stay there: their stats are still to be measured).
 */
export function measureBlocks(root: Root | Element, earlier?: BlockMeasures): Map<Element, BlockStats> {
  const stats = earlier?.stats ?? new Map<Element, BlockStats>();
  const walk = (node: Element | Root, inLink: boolean): BlockStats => {
    if (earlier && node.type === 'element' && !earlier.changed.has(node)) {
      const known = stats.get(node);
      if (known) return isHidden(node) ? NOTHING : known;
    }
    const isLink = node.type === 'element' && node.tagName === 'a';
    const total = emptyStats(isChoice(node) ? 1 : 0);
    for (const child of node.children) {
      // Text is counted here, not measured as a node of its own: pages hold more text nodes than elements.
      if (child.type === 'text') {
        const length = collapsedLength(child.value);
        total.text += length;
        if (inLink || isLink) total.linkText += length;
      }
      if (child.type !== 'element') continue;
      const childStats = walk(child, inLink || isLink);
      total.text += childStats.text;
      total.linkText += childStats.linkText;
      total.paragraphs += childStats.paragraphs;
      total.links += childStats.links;
      total.titledLinkText += childStats.titledLinkText;
      total.anchorLinks += childStats.anchorLinks;
      total.choices += childStats.choices;
    }
    if (isLink && !inLink && total.text > 0) {
      total.links++;
      if (total.text >= TITLE_LABEL) total.titledLinkText += total.text;
      if (String((node as Element).properties.href ?? '').startsWith('#')) total.anchorLinks++;
    }
    if (node.type === 'element') {
      if (PARAGRAPH_TAGS.has(node.tagName) && total.text - total.linkText >= 20) total.paragraphs++;
      stats.set(node, total);
      earlier?.changed.delete(node);
      if (isHidden(node)) return NOTHING;
    }
    return total;
  };
  walk(root, false);
  if (root.type === 'root') earlier?.changed.delete(root);
  return stats;
}

/** Link labels this long name an item (a product, a story), not a menu entry. */
export const TITLE_LABEL = 25;

const isChoice = (node: Element | Root) =>
  node.type === 'element' && node.tagName === 'input' && node.properties.type === 'checkbox';

const PARAGRAPH_TAGS = new Set(['p', 'pre', 'blockquote', 'tr', 'li', 'dd', 'h2', 'h3', 'h4']);

export const linkDensity = (stats: BlockStats) => (stats.text === 0 ? 0 : stats.linkText / stats.text);
