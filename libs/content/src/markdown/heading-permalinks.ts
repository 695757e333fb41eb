import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { eachElement, removeElements } from '../tree/walk-elements.js';

const HEADING = /^h[1-6]$/;
/** A mark with no letter or digit: `¶`, `#`, `§`, `🔗`, or nothing but an icon. */
const MARK_ONLY = /^[^\p{L}\p{N}]*$/u;

/**
 * The permalink marks documentation and blog engines put in every heading (Sphinx and MkDocs
 * `¶`, Docusaurus `#`, GitHub's link icon): links into the page itself with no words, which would
 * come out as `## Install[¶](#install "Link to this heading")`. A link from a heading's words to
 * the heading itself (MDN, Python-Markdown's `toclink`) is its words: `## Description`, not
 * `## [Description](#description)`.
 */
export function headingPermalinks() {
  const isPermalink = (element: Element) =>
    element.tagName === 'a' &&
    String(element.properties.href ?? '').includes('#') &&
    MARK_ONLY.test(hastToString(element).trim());
  return (tree: Root) =>
    eachElement(tree, (element) => {
      if (!HEADING.test(element.tagName)) return true;
      removeElements(element, isPermalink);
      if (element.properties.id !== undefined) unwrapLinksTo(element, `#${element.properties.id}`);
      return false;
    });
}

/**
 * Replaces each link under `element` to the `fragment` (`#install`, or the page's address with it:
 * in-page links are absolute by now) by what it holds.
 */
function unwrapLinksTo(element: Element, fragment: string): void {
  element.children = element.children.flatMap((child) => {
    if (child.type !== 'element') return [child];
    unwrapLinksTo(child, fragment);
    const isLink = child.tagName === 'a' && String(child.properties.href ?? '').endsWith(fragment);
    return isLink ? child.children : [child];
  });
}
