import type { ElementContent, Root, RootContent } from 'hast';
import { phrasing } from 'hast-util-phrasing';

/**
 * Inline elements that touch (`<a>Action</a><a>Adventure</a>`, `Boards<span>9129</span>`) are
 * apart on screen, by the page's CSS, but fuse into one word in markdown: a space goes between
 * them where both sides are letters or digits. Sub- and superscripts stay attached (H₂O, 10th),
 * and code is left as it is: a highlighter's spans touch where the source's characters do.
 */
export function spaceTouchingInlines() {
  const attached = new Set(['sub', 'sup', 'wbr', 'br']);
  const wordy = /[\p{L}\p{N}]/u;
  const apart = (before: RootContent, after: RootContent) => {
    if (before.type === 'element' && (attached.has(before.tagName) || !phrasing(before))) return false;
    if (after.type === 'element' && (attached.has(after.tagName) || !phrasing(after))) return false;
    if (before.type !== 'element' && after.type !== 'element') return false;
    const last = edge(before, -1);
    const first = edge(after, 0);
    if (!wordy.test(last) || !wordy.test(first)) return false;
    // A text beside an element: only a word beside a number (a count badge), not a styled part of a word.
    if (before.type === 'text' || after.type === 'text') return /\p{N}/u.test(last) !== /\p{N}/u.test(first);
    return true;
  };
  const verbatim = new Set(['pre', 'code', 'kbd', 'samp']);
  const walk = (node: Root | ElementContent) => {
    if (!('children' in node) || (node.type === 'element' && verbatim.has(node.tagName))) return;
    const children: RootContent[] = [];
    for (const child of node.children) {
      const before = children[children.length - 1];
      if (before && apart(before, child)) children.push({ type: 'text', value: ' ' });
      children.push(child);
      walk(child as ElementContent);
    }
    node.children = children as typeof node.children;
  };
  return (tree: Root) => walk(tree);
}

/** The first (0) or last (-1) character of a node's text, '' when it has none. */
function edge(node: RootContent, side: 0 | -1): string {
  if (node.type === 'text') return node.value.at(side) ?? '';
  if (node.type !== 'element') return '';
  const children = side === 0 ? node.children : [...node.children].reverse();
  for (const child of children) {
    const found = edge(child, side);
    if (found) return found;
  }
  return '';
}
