import type { ElementContent, Root, RootContent } from 'hast';
import { separatorBetween, VERBATIM } from '#structured';

/**
 * Inline elements that touch are apart on screen, by the page's CSS, but would fuse into one word
 * in markdown: a space (or a superscript's caret) goes between them where `separatorBetween` says.
 * Code is left as it is: a highlighter's spans touch where the source's characters do.
 */
export function spaceTouchingInlines() {
  const walk = (node: Root | ElementContent) => {
    if (!('children' in node) || (node.type === 'element' && VERBATIM.has(node.tagName))) return;
    // A new list of children only where a separator goes in: most nodes need none.
    let spaced: RootContent[] | undefined;
    node.children.forEach((child, index) => {
      const before = node.children[index - 1];
      const between = before && separatorBetween(before, child);
      if (between) {
        spaced ??= node.children.slice(0, index);
        spaced.push({ type: 'text', value: between });
      }
      spaced?.push(child);
      walk(child as ElementContent);
    });
    if (spaced) node.children = spaced as typeof node.children;
  };
  return (tree: Root) => walk(tree);
}
