import type { Element, Root } from 'hast';
import { SKIP, visit } from 'unist-util-visit';

/** Elements that never carry readable content. */
const NON_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'meta',
  'link',
  'base',
  'iframe',
  'object',
  'embed',
  'canvas',
  'svg',
  'math',
  'dialog',
  'head',
]);

/**
 * Removes scripts, styles, comments, hidden elements and other non-content before anything else
 * looks at the tree: less to score and less to convert.
 */
export function removeNonContent(tree: Root): void {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (
      node.type === 'comment' ||
      node.type === 'doctype' ||
      (node.type === 'element' && isRemovable(node))
    ) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
  });
}

function isRemovable(node: Element): boolean {
  if (NON_CONTENT.has(node.tagName)) return true;
  const { hidden, ariaHidden, style, type } = node.properties;
  if (hidden !== undefined && hidden !== false) return true;
  if (String(ariaHidden) === 'true') return true;
  if (node.tagName === 'input' && type === 'hidden') return true;
  return typeof style === 'string' && /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);
}
