import type { Element, ElementContent, Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { SKIP, visit } from 'unist-util-visit';

/** `includeTags`: only the matching elements, in document order (nested matches once). */
export function keepOnly(tree: Root, selectors: string[]): Root {
  const selector = selectors.join(', ');
  const picked = selectAll(selector, tree).filter(
    (node, _, all) => !all.some((other) => other !== node && contains(other, node)),
  );
  return { type: 'root', children: [{ type: 'element', tagName: 'body', properties: {}, children: picked }] };
}

/** `excludeTags`: removes every matching element (selectors may use combinators: `div > p`). */
export function removeMatching(tree: Root, selectors: string[]): void {
  const matched = new Set<Element>(selectAll(selectors.join(', '), tree));
  visit(tree, 'element', (node: Element, index, parent) => {
    if (!parent || index === undefined || !matched.has(node)) return;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
}

function contains(ancestor: Element, node: ElementContent): boolean {
  return ancestor.children.some(
    (child) => child === node || (child.type === 'element' && contains(child, node)),
  );
}
