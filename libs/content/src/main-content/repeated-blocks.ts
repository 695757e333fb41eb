import type { Element } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { eachElement } from '../tree/walk-elements.js';
import type { BlockStats } from './block-stats.js';
import { collapse } from './content-blocks.js';

/** Blocks compared for repetition: what a page repeats for other viewports and carousels. */
const COMPARED = new Set([
  'div',
  'section',
  'p',
  'ul',
  'ol',
  'dl',
  'figure',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'article',
  'span',
  'a',
]);
/** Shorter blocks repeat legitimately (labels, table-like values). */
const MIN_REPEATED = 30;

/**
 * Finds the blocks of `region` whose text repeats an earlier block's: the mobile and desktop copies
 * of a product box, carousel clones, the same teaser twice. Texts are only built for blocks whose
 * length occurs more than once there, so most pages never pay for it.
 */
export function repetitionChecker(region: Element, stats: Map<Element, BlockStats>) {
  const lengths = new Map<number, number>();
  eachElement(region, (element) => {
    const own = stats.get(element);
    if (own && own.text >= MIN_REPEATED && COMPARED.has(element.tagName))
      lengths.set(own.text, (lengths.get(own.text) ?? 0) + 1);
    return true;
  });
  const seen = new Set<string>();
  // Read once: an element is asked whether it repeats, then recorded once its children are.
  const texts = new Map<Element, string>();
  const textOf = (element: Element): string => {
    let text = texts.get(element);
    if (text === undefined) {
      const sole = soleElement(element);
      text = sole ? textOf(sole) : collapse(hastToString(element));
      texts.set(element, text);
    }
    return text;
  };
  return {
    /** Whether `element` repeats a block already kept (call before visiting its children). */
    repeats(element: Element): boolean {
      const own = stats.get(element);
      if (!own || !COMPARED.has(element.tagName) || (lengths.get(own.text) ?? 0) < 2) return false;
      return seen.has(textOf(element));
    },
    /** Records a kept block (call after its children, so a wrapper never repeats its own child). */
    kept(element: Element): void {
      const own = stats.get(element);
      if (own && COMPARED.has(element.tagName) && (lengths.get(own.text) ?? 0) >= 2)
        seen.add(textOf(element));
    },
  };
}

/**
 * The one element a wrapper holds besides whitespace and comments (a `div` around its one `p`):
 * their texts read the same, so a chain of wrappers builds its text once.
 */
function soleElement(element: Element): Element | undefined {
  let sole: Element | undefined;
  for (const child of element.children) {
    if (child.type === 'element') {
      if (sole) return undefined;
      sole = child;
    } else if (child.type === 'text' && /\S/.test(child.value)) return undefined;
  }
  return sole;
}
