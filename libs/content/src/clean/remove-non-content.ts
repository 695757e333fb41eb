import type { Element, Root, RootContent } from 'hast';
import { BLOCK_TAGS } from '../tree/block-tags.js';
import { formulasAsMath } from './formulas.js';
import { isHidden, NEVER_TEXT } from './hidden.js';
import { revealScriptShownContent } from './script-revealed.js';

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
  'dialog',
  'head',
]);

/**
 * Removes scripts, styles, comments, hidden elements and other non-content before anything else
 * looks at the tree: less to score and less to convert.
 */
export function removeNonContent(tree: Root, options: { keepHiddenBlocks?: boolean } = {}): void {
  revealScriptShownContent(tree);
  formulasAsMath(tree);
  const removable = (node: Element) =>
    isRemovable(node) && !(options.keepHiddenBlocks && isHidden(node) && BLOCK_TAGS.has(node.tagName));
  const unwrapNoscript = rendersOnlyWithoutScripts(tree);
  const clean = (parent: Root | Element) => {
    parent.children = parent.children.flatMap((child: RootContent) => {
      if (child.type === 'comment' || child.type === 'doctype') return [];
      if (child.type !== 'element') return [child];
      if (unwrapNoscript && child.tagName === 'noscript') {
        clean(child);
        return child.children;
      }
      if (removable(child)) return [];
      clean(child);
      return [child];
    }) as typeof parent.children;
  };
  clean(tree);
}

/**
 * Pages served to crawlers in `<noscript>` (forums, single-page apps with a fallback): when the
 * page shows almost nothing else, the `<noscript>` content is the page.
 */
function rendersOnlyWithoutScripts(tree: Root): boolean {
  let visible = 0;
  let noscript = 0;
  const walk = (node: Root | Element, inNoscript: boolean) => {
    for (const child of node.children) {
      if (child.type === 'text') {
        const length = child.value.trim().length;
        if (inNoscript) noscript += length;
        else visible += length;
      } else if (child.type === 'element' && !NEVER_TEXT.has(child.tagName)) {
        walk(child, inNoscript || child.tagName === 'noscript');
      }
    }
  };
  walk(tree, false);
  return noscript > visible * 2 && noscript > 200;
}

function isRemovable(node: Element): boolean {
  if (NON_CONTENT.has(node.tagName)) return true;
  return isHidden(node) || (node.tagName === 'input' && node.properties.type === 'hidden');
}
