import type { Element, ElementContent, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import { type BlockStats, linkDensity, measureBlocks } from './block-stats.js';
import { classWeight } from './class-signals.js';

/** Below this share of the page's text, a pick is implausible and the whole (cleaned) page is kept. */
const MIN_SHARE_OF_PAGE = 0.15;
const MIN_CHARACTERS = 140;
/** A voted container must hold at least this share of the page's text to replace the whole page. */
const MIN_VOTED_SHARE = 0.5;
/** Links with shorter labels on average make a block a menu or tag cloud, not a list of titles. */
const MAX_MENU_LABEL = 25;

/**
 * Picks the page's main content from a tree already stripped of non-content and boilerplate:
 * narrows to what the page marks as its content when it does (one `<main>` / `<article>` /
 * `articleBody` holding a good part of the text), else to the container its prose votes for
 * (readability-style: text, commas, link density, class/id hints) when that holds most of the
 * text; then prunes the blocks inside that read as boilerplate (menus and tag clouds, blocks
 * whose class or id says related / share / comment-form / promo).
 * Keeps the title heading, and falls back to the whole page when the pick is implausibly small.
 */
export function extractMainContent(tree: Root, _options: { url: string }): Root {
  const body =
    select('body', tree) ??
    ({ type: 'element', tagName: 'body', properties: {}, children: tree.children } as Element);
  const stats = measureBlocks(body);
  const pageText = stats.get(body)?.text ?? 0;
  const region = markedContent(body, stats, pageText) ?? votedRegion(body, stats, pageText) ?? body;
  const pruned = prune(region, stats);
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

/** Blocks whose own prose votes for the containers around them. */
const PROSE_BLOCKS = new Set(['p', 'pre', 'td', 'blockquote', 'dd', 'li']);
/** Containers that may hold the main content. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'td',
  'body',
  'form',
  'ol',
  'ul',
  'table',
  'tbody',
]);

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
  // Link lists of short labels: menus, tag clouds, pagination. (Lists of titles are content on listing pages.)
  return (
    own.text > 0 &&
    linkDensity(own) > 0.6 &&
    own.text - own.linkText < 200 &&
    own.linkText / Math.max(1, own.links) < MAX_MENU_LABEL
  );
}

/** Where the page's prose votes its content is, when that container holds most of the text. */
function votedRegion(body: Element, stats: Map<Element, BlockStats>, pageText: number): Element | undefined {
  const voted = votedContent(body, stats);
  if (!voted) return undefined;
  const votedText = voted.reduce(
    (sum, node) => sum + (node.type === 'element' ? (stats.get(node)?.text ?? 0) : 0),
    0,
  );
  if (votedText < pageText * MIN_VOTED_SHARE) return undefined;
  return { type: 'element', tagName: 'div', properties: {}, children: voted };
}

/** The best-scoring container and the siblings that belong with it. */
function votedContent(body: Element, stats: Map<Element, BlockStats>): ElementContent[] | undefined {
  const parents = new Map<Element, Element>();
  const scores = new Map<Element, number>();
  const walk = (element: Element) => {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      parents.set(child, element);
      walk(child);
    }
    if (!PROSE_BLOCKS.has(element.tagName)) return;
    const own = stats.get(element);
    if (!own || own.text - own.linkText < 25) return;
    const text = hastToString(element);
    const vote = 1 + (text.match(/[,，、]/g)?.length ?? 0) + Math.min(3, Math.floor(own.text / 100));
    let ancestor = parents.get(element);
    for (let level = 0; ancestor && level < 3; level++, ancestor = parents.get(ancestor)) {
      if (!CONTAINERS.has(ancestor.tagName)) continue;
      scores.set(
        ancestor,
        (scores.get(ancestor) ?? initialScore(ancestor)) + vote / (level === 0 ? 1 : level * 2),
      );
    }
  };
  walk(body);

  let best: Element | undefined;
  let bestScore = 0;
  for (const [element, score] of scores) {
    const final = score * (1 - linkDensity(stats.get(element) as BlockStats));
    scores.set(element, final);
    if (final > bestScore) {
      best = element;
      bestScore = final;
    }
  }
  if (!best) return undefined;
  const parent = parents.get(best);
  if (!parent) return [best];
  const threshold = Math.max(10, bestScore * 0.2);
  return parent.children.filter((sibling) => {
    if (sibling === best) return true;
    if (sibling.type !== 'element') return false;
    if ((scores.get(sibling) ?? 0) >= threshold) return true;
    const siblingStats = stats.get(sibling);
    if (sibling.tagName !== 'p' || !siblingStats) return false;
    const density = linkDensity(siblingStats);
    return (
      (siblingStats.text > 80 && density < 0.25) || (density === 0 && /\.( |$)/.test(hastToString(sibling)))
    );
  });
}

function initialScore(element: Element): number {
  const byTag: Record<string, number> = {
    div: 5,
    article: 10,
    main: 10,
    section: 3,
    td: 3,
    blockquote: 3,
    form: -3,
    ol: -3,
    ul: -3,
  };
  return (byTag[element.tagName] ?? 0) + classWeight(element);
}

function holdsTitle(element: Element): boolean {
  return select('h1', element) !== undefined;
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
