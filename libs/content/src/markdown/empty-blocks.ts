import type { Nodes, Root } from 'mdast';
import { toString as mdastToString } from 'mdast-util-to-string';

/**
 * Nodes that show nothing go: an image with no source (`![Author]()`: a lazy image without the
 * source its loader held back), a link with no text or image (an icon font's `<a href><i></i></a>`,
 * written `[](…)`), and paragraphs, headings and list items holding only spaces (`<p>&nbsp;</p>`
 * used as spacing, written as a blank-looking line, a bare `##` or a bare `-`); a list left with
 * no items goes with them. So does a rule that separates nothing (`<hr>` at the start or end of the
 * content, or after another rule once what stood between them is gone): a document that opens with
 * `---` reads as YAML front matter to static-site generators, `gray-matter` and benchmark scorers,
 * swallowing the content down to the next rule.
 */
export function withoutEmptyBlocks() {
  return (tree: Root) => {
    prune(tree);
  };
}

const EMPTY_WHEN_BLANK = new Set(['link', 'linkReference', 'paragraph', 'heading', 'listItem', 'list']);
/** Spaces, no-break spaces and the zero-width characters pages pad with. */
const BLANK = /^[\s\u200b-\u200d\ufeff]*$/;

/** Prunes the node's children (deepest first) and says whether the node itself shows nothing. */
function prune(node: Nodes): boolean {
  if (node.type === 'image') return node.url.trim() === '';
  if (!('children' in node)) return false;
  const kept: Nodes[] = [];
  for (const child of node.children as Nodes[])
    if (!prune(child) && !(child.type === 'thematicBreak' && followsNothing(kept))) kept.push(child);
  while (kept.at(-1)?.type === 'thematicBreak') kept.pop();
  node.children = kept as typeof node.children;
  if (!EMPTY_WHEN_BLANK.has(node.type)) return false;
  return BLANK.test(mdastToString(node, { includeImageAlt: false })) && !showsSomething(node);
}

/** An image, code or a table shows even without words. */
function showsSomething(node: Nodes): boolean {
  if (
    node.type === 'image' ||
    node.type === 'imageReference' ||
    node.type === 'code' ||
    node.type === 'table'
  )
    return true;
  return 'children' in node && node.children.some(showsSomething);
}

/** A rule here would separate nothing from what comes before: it would stand first or after another rule. */
const followsNothing = (kept: Nodes[]) => kept.length === 0 || kept.at(-1)?.type === 'thematicBreak';
