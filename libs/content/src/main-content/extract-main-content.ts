import type { Element, ElementContent, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { type BlockStats, linkDensity, measureBlocks } from './block-stats.js';
import { classWeight } from './class-signals.js';

/** Below this share of the page's text, a pick is implausible and the whole (cleaned) page is kept. */
const MIN_SHARE_OF_PAGE = 0.15;
const MIN_CHARACTERS = 140;
const MODE = process.env.TRAWL_MC_MODE ?? 'prune';

/**
 * Picks the page's main content from a tree already stripped of non-content and boilerplate:
 * narrows to what the page marks as its content when it does (one `<main>` / `<article>` /
 * `articleBody` holding a good part of the text), then prunes the blocks inside that read as
 * boilerplate (link lists, blocks whose class or id says related / share / comment-form / promo).
 * Keeps the title heading, and falls back to the whole page when the pick is implausibly small.
 */
export function extractMainContent(tree: Root, _options: { url: string }): Root {
  const body =
    select('body', tree) ??
    ({ type: 'element', tagName: 'body', properties: {}, children: tree.children } as Element);
  const stats = measureBlocks(body);
  const pageText = stats.get(body)?.text ?? 0;
  const region = markedContent(body, stats, pageText) ?? body;
  const pruned = MODE === 'none' ? region : prune(region, stats);
  const pickedText = measureBlocks(pruned).get(pruned)?.text ?? 0;
  if (pickedText < Math.min(pageText, Math.max(MIN_CHARACTERS, pageText * MIN_SHARE_OF_PAGE))) return tree;
  return wrap(withTitle(body, pruned.children));
}

/** A single `<main>` / `[role=main]` / `<article>` / `articleBody` that holds a good part of the page's text. */
function markedContent(
  body: Element,
  stats: Map<Element, BlockStats>,
  pageText: number,
): Element | undefined {
  for (const selector of ['[itemprop=articleBody]', 'main, [role=main]', 'article']) {
    const marked = selectAll(selector, body);
    if (marked.length !== 1) continue;
    const [element] = marked as [Element];
    if ((stats.get(element)?.text ?? 0) >= pageText * 0.3) return element;
  }
  return undefined;
}

const PRUNABLE = new Set([
  'div',
  'section',
  'ul',
  'ol',
  'table',
  'form',
  'p',
  'span',
  'dl',
  'figure',
  'details',
]);

/** A copy of `region` without the blocks that read as boilerplate. */
function prune(region: Element, stats: Map<Element, BlockStats>): Element {
  const keep = (node: ElementContent): ElementContent | undefined => {
    if (node.type !== 'element') return node;
    if (PRUNABLE.has(node.tagName) && looksLikeBoilerplate(node, stats.get(node))) return undefined;
    return { ...node, children: node.children.map(keep).filter((child) => child !== undefined) };
  };
  return { ...region, children: region.children.map(keep).filter((child) => child !== undefined) };
}

function looksLikeBoilerplate(element: Element, own: BlockStats | undefined): boolean {
  if (!own) return false;
  if (classWeight(element) < 0 && !holdsTitle(element)) return true;
  // Link lists: menus, tag clouds, "related" rails, pagination.
  return own.text > 0 && linkDensity(own) > 0.6 && own.text - own.linkText < 200;
}

function holdsTitle(element: Element): boolean {
  return select('h1', element) !== null;
}

/** Never drop the content's title: prepend the page's first `<h1>` when the pick lacks it. */
function withTitle(body: Element, picked: ElementContent[]): ElementContent[] {
  const title = select('h1', body);
  if (!title) return picked;
  const titleText = JSON.stringify(title.children);
  const inside = picked.some(
    (node) =>
      node.type === 'element' &&
      selectAll('h1', node).some((h1) => JSON.stringify(h1.children) === titleText),
  );
  return inside || picked.some((node) => node === title) ? picked : [title, ...picked];
}

function wrap(children: ElementContent[]): Root {
  return { type: 'root', children: [{ type: 'element', tagName: 'body', properties: {}, children }] };
}
