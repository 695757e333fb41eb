import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { eachElement, removeElements } from '../tree/walk-elements.js';

const HEADING = /^h[1-6]$/;
/** A mark with no letter or digit: `¶`, `#`, `§`, `🔗`, or nothing but an icon. */
const MARK_ONLY = /^[^\p{L}\p{N}]*$/u;

/**
 * The permalink marks documentation and blog engines put in every heading (Sphinx and MkDocs
 * `¶`, Docusaurus `#`, GitHub's link icon): links into the page itself with no words, which would
 * come out as `## Install[¶](#install "Link to this heading")`.
 */
export function headingPermalinks() {
  const isPermalink = (element: Element) =>
    element.tagName === 'a' &&
    String(element.properties.href ?? '').startsWith('#') &&
    MARK_ONLY.test(hastToString(element).trim());
  return (tree: Root) =>
    eachElement(tree, (element) => {
      if (!HEADING.test(element.tagName)) return true;
      removeElements(element, isPermalink);
      return false;
    });
}
