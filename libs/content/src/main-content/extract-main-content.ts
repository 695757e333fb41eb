import type { Element, ElementContent, Root, RootContent } from 'hast';
import { phrasing } from 'hast-util-phrasing';
import { select } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import { EXIT, visit } from 'unist-util-visit';
import { holdsPage, titleHeading } from '../clean/boilerplate-floor.js';
import { isHidden, show } from '../clean/hidden.js';
import { cellsOf, isLayoutTable, rowsOf } from '../tree/layout-tables.js';
import { eachElement, isOrHolds, removeElements } from '../tree/walk-elements.js';
import { addressSays } from './address-kinds.js';
import { type ExtractionModel, scoreBlocks } from './block-classifier.js';
import { blockFeatures, pathGroupIds, type RulePick } from './block-features.js';
import {
  dataTableCells,
  fromJudgedInGroups,
  judgedBlocks,
  keepForBestF1,
  keepTablesInKeptText,
  keepTabPanels,
  tablesAsUnits,
  towardPathGroups,
} from './block-selection.js';
import {
  type BlockMeasures,
  type BlockStats,
  linkDensity,
  measureBlocks,
  noMeasures,
  TITLE_LABEL,
} from './block-stats.js';
import { classWeight, isConsentManager, isNamed, isScreenReaderOnly } from './class-signals.js';
import {
  type ContentBlock,
  contentBlocks,
  type MediaBlock,
  removeOwnText,
  titleBlockIndex,
} from './content-blocks.js';
import { isChoiceList } from './filter-panels.js';
import { isItemCardGrid } from './item-cards.js';
import { type PageProduct, shownShare } from './page-product.js';
import { isPostFurniture } from './post-furniture.js';
import { isShopChrome } from './product-chrome.js';
import { repetitionChecker } from './repeated-blocks.js';
import {
  isBoilerplateHeading,
  leadingHeading,
  removeHeadingEditLinks,
  withoutBoilerplateSections,
} from './section-headings.js';
import { isTableOfContents } from './table-of-contents.js';
import { lexiconWords } from './word-lexicon.js';

/** Below this share of the page's text, a pick is implausible and the whole (cleaned) page is kept. */
const MIN_SHARE_OF_PAGE = 0.15;
/** A product's own text is often a small part of its page (the shop around it is big). */
const MIN_SHARE_OF_PRODUCT_PAGE = 0.05;
const MIN_CHARACTERS = 140;
/** A voted container must hold at least this share of the page's text to replace the whole page. */
const MIN_VOTED_SHARE = 0.5;
/** Below this share of its link text in title-length labels, a link block is a menu or tag cloud. */
const MIN_TITLED_SHARE = 0.5;

/**
 * Picks the page's main content from a tree already stripped of non-content and the boilerplate
 * floor:
 * 1. removes what rules name as boilerplate with confidence (consent managers, form controls,
 *    sections that "Related" or "Comments" headings open, tables of contents, filter groups,
 *    forum post furniture, a product page's shop chrome and card grids);
 * 2. lets the readability-style rules pick a region and prune it; their pick is one input of
 * 3. the block classifier: every text block is judged on its features (`block-features.ts`) by
 *    the trained model (`block-classifier.ts`) and keeps its text or loses it.
 * Keeps the first `<h1>`, images beside kept text, and the product description the page's data
 * carries when the pick does not show it; keeps the whole page when nothing would be left.
 */
export function extractMainContent(
  tree: Root,
  options: ExtractionOptions & { url: string },
  measures?: BlockMeasures,
): Root {
  const page = readPage(tree, options, measures);
  const firstH1 = titleBlockIndex(page.blocks);
  const judged = classify(page, options.extractionModel);
  const keeps = addressSays(options.url, 'documentation') ? keepTabPanels(page.blocks, judged) : judged;
  const kept = page.blocks.filter((_, index) => index === firstH1 || keeps[index]);
  const title = page.blocks[firstH1];
  if (!kept.some((block) => block !== title || block.text.length >= MIN_CHARACTERS)) {
    removeElements(tree, isHidden);
    return tree;
  }
  const keptElements = new Set(kept.map((block) => block.element));
  // Hidden text the classifier keeps is content a reader opens (an accordion, a tab): shown.
  for (const block of kept) if (block.hidden) [block.element, ...block.ancestors].forEach(show);
  removeElements(page.body, isHidden);
  // A photo loose in a dropped container (an `<article>` whose own text is a "Jump to recipe" link)
  // stays beside the kept blocks around it, as a figure between kept paragraphs does.
  const holdsKept = (element: Element) => isOrHolds(element, (inside) => keptElements.has(inside));
  for (const block of page.blocks) {
    if (!keptElements.has(block.element)) removeOwnText(block.element, (_, beside) => beside.some(holdsKept));
  }
  for (const media of page.media) {
    if (!keepsMedia(page.blocks, media, (block) => keptElements.has(block.element)))
      removeOwnText(media.element);
  }
  removeEmptied(page.body);
  addDescription(page.body, options.product?.description);
  return wrap(page.body.children);
}

/**
 * Images go with the text around them: a figure between kept paragraphs stays, a logo by a dropped
 * menu goes. A photo whose own container holds text (a teaser card's title, an author's bio) goes
 * with that text, unless it sits between kept blocks (a figure whose caption alone was dropped).
 */
function keepsMedia(
  blocks: ContentBlock[],
  { element, after }: MediaBlock,
  kept: (block: ContentBlock) => boolean,
) {
  // The text blocks nested in the container lie next to its place (`after`) in reading order.
  const inside = (index: number) => blocks[index]?.ancestors.includes(element) ?? false;
  let first = after + 1;
  while (inside(first - 1)) first--;
  let end = after + 1;
  while (inside(end)) end++;
  const before = blocks[first - 1];
  const next = blocks[end];
  const own = blocks.slice(first, end);
  if (own.length === 0) return [before, next].some((block) => block !== undefined && kept(block));
  return own.some(kept) || (before !== undefined && next !== undefined && kept(before) && kept(next));
}

/**
 * Pages with less text than this (a heading and a few paragraphs) are judged by the rules alone. The
 * classifier learned from real pages, few of them this small; on WCXB it beats the rules from about
 * 300 characters up (a short category page of a few tiles, a product whose details sit in a closed
 * accordion), but on hand-written pages of two or three paragraphs it drops what the rules rightly
 * keep (a short code block, a tip that is mostly one link) and keeps a menu of short links inside `<main>`.
 */
const MIN_TEXT_FOR_CLASSIFIER = 500;

/** Which blocks keep their text: the classifier's judgement, or on small pages the rules'. */
function classify(page: PageBlocks, model?: ExtractionModel): boolean[] {
  if (page.text < MIN_TEXT_FOR_CLASSIFIER) return page.keptByRules;
  const judged = page.judged.map((index) => page.blocks[index] as ContentBlock);
  const scores = scoreBlocks(
    {
      rows: page.features,
      words: judged.map((block) => block.words),
      blockWords: page.judged.map((index) => page.blockWords[index] as readonly string[]),
    },
    model,
  );
  const scored: (number | undefined)[] = page.blocks.map(() => undefined);
  page.judged.forEach((block, index) => {
    scored[block] = scores[index];
  });
  const words = page.blocks.map((block) => block.words);
  const everyBlock = tablesAsUnits(
    fromJudgedInGroups(scored, page.pathGroup, page.tableOf),
    words,
    page.tableOf,
  );
  const probabilities = towardPathGroups(everyBlock, words, page.pathGroup);
  return keepTablesInKeptText(keepForBestF1(probabilities, words), page.tableOf);
}

export interface ExtractionOptions {
  /** The page's one product, when it shows one. */
  product?: PageProduct;
  /** What the page says it is about: its title and description (from `<title>` and meta tags). */
  headline?: string;
  /** What the page says it is (`pageKinds`): article, product, listing, discussion, faq. */
  kinds?: string[];
  /** The page's address: its path often says what kind of page it is (`address-kinds.ts`). */
  url?: string;
  /** Judges blocks instead of the shipped model: the benchmark's held-out fold models. */
  extractionModel?: ExtractionModel;
}

/** The page as the block classifier reads it: its text blocks and their features. */
export interface PageBlocks {
  body: Element;
  /** Characters of text in its blocks, hidden ones too: all the classifier would judge. */
  text: number;
  /** Whether the rules keep each block. */
  keptByRules: boolean[];
  blocks: ContentBlock[];
  media: MediaBlock[];
  /** The data table each block is a cell of, if any (`dataTableCells`). */
  tableOf: (Element | undefined)[];
  /** Each block's path group (`pathGroupIds`). */
  pathGroup: number[];
  /** The indices of the blocks the classifier judges (`judgedBlocks`). */
  judged: number[];
  /** The features of each judged block, in the order of `judged`. */
  features: number[][];
  /** Each block's words as the lexicon reads them (`lexiconWords`). */
  blockWords: readonly (readonly string[])[];
}

/**
 * Cleans the body, runs the rules, and measures the blocks the classifier judges (also what training
 * reads). `measures` are the page's as the boilerplate floor left them (measured again only where
 * something goes): without them, the body is measured from scratch.
 */
export function readPage(tree: Root, options: ExtractionOptions, measures = noMeasures()): PageBlocks {
  const body =
    select('body', tree) ??
    ({ type: 'element', tagName: 'body', properties: {}, children: tree.children } as Element);
  removeClosedChrome(body, measures.changed);
  removeHeadingEditLinks(body, measures.changed);
  // Before form controls go: filter groups are recognised by their checkboxes.
  removeKnownBoilerplate(body, options.product !== undefined, measures);
  // Form controls are what a reader operates, not reads (size pickers, quantity boxes, buttons);
  // screen-reader text is what a reader never sees.
  removeElements(
    body,
    (element) => (FORM_CONTROLS.has(element.tagName) && !isTaskMark(element)) || isScreenReaderOnly(element),
    measures.changed,
  );
  const stats = measureBlocks(body, measures);
  const pick = rulePick(body, stats, options.product !== undefined);
  const { blocks, media } = contentBlocks(body);
  // The rules judge what a reader sees at once; hidden blocks are the classifier's to judge.
  const keptByRules = blocks.map((block) => !block.hidden && pick.keeps(block.element, block.ancestors));
  const tableOf = dataTableCells(blocks);
  const pathGroup = pathGroupIds(blocks);
  const judged = judgedBlocks(tableOf, pathGroup);
  const blockWords = blocks.map((block) => lexiconWords(block.text));
  const features = blockFeatures(
    { body, blocks, stats, pick, keptByRules, pathGroup, blockWords },
    options,
    judged,
  );
  const text = blocks.reduce((sum, block) => sum + block.text.length, 0);
  return { body, text, keptByRules, blocks, media, tableOf, pathGroup, judged, features, blockWords };
}

/**
 * The cells of the tables that lay out the page (`isLayoutTable`): columns such as a menu beside
 * the text, pruned like the `div`s a newer page would use.
 */
function layoutCells(body: Element): Set<Element> {
  const cells = new Set<Element>();
  eachElement(body, (element) => {
    if (element.tagName === 'table' && isLayoutTable(element))
      for (const row of rowsOf(element)) for (const cell of cellsOf(row)) cells.add(cell);
    return true;
  });
  return cells;
}

/** What the rules pick: the region they narrow to, the elements their pruning keeps. */
function rulePick(body: Element, stats: Map<Element, BlockStats>, productPage: boolean): RulePick {
  const pageText = stats.get(body)?.text ?? 0;
  const region = markedContent(body, stats, pageText) ?? votedRegion(body, stats, pageText) ?? body;
  const kept = new Set<Element>();
  const pickedText = prune(region, stats, kept, layoutCells(body));
  const minShare = productPage ? MIN_SHARE_OF_PRODUCT_PAGE : MIN_SHARE_OF_PAGE;
  const enough = Math.min(pageText, Math.max(MIN_CHARACTERS, pageText * minShare));
  // A voted region is a wrapper made up around the page's own elements: those are its roots.
  const roots = new Set(
    stats.has(region) ? [region] : region.children.filter((child) => child.type === 'element'),
  );
  const inRegion = (element: Element, ancestors: Element[]) =>
    region === body || roots.has(element) || ancestors.some((ancestor) => roots.has(ancestor));
  if (pickedText >= enough)
    return { keeps: (element) => kept.has(element), inRegion, fellBack: false, productPage };
  // Pruning took too much: the region as it was is still a better guess than the whole page.
  if (region !== body && (stats.get(region)?.text ?? textOf(region, stats)) >= enough)
    return { keeps: inRegion, inRegion, fellBack: false, productPage };
  const all = () => true;
  return { keeps: all, inRegion: all, fellBack: true, productPage };
}

/** A single `<main>` / `[role=main]` / `<article>` / `articleBody` that holds a good part of the page's text. */
function markedContent(
  body: Element,
  stats: Map<Element, BlockStats>,
  pageText: number,
): Element | undefined {
  const pageLinkText = stats.get(body)?.linkText ?? 0;
  // In order of trust: `[itemprop=articleBody]`, then `main, [role=main]`, then `article`.
  const candidates: Element[][] = [[], [], []];
  eachElement(body, (element) => {
    // A hidden subtree is no candidate, nor is anything in it (a `<main>` in a closed drawer).
    if (isHidden(element)) return false;
    const { itemProp, role } = element.properties;
    if (Array.isArray(itemProp) && itemProp.join(' ') === 'articleBody') candidates[0]?.push(element);
    if (element.tagName === 'main' || role === 'main') candidates[1]?.push(element);
    if (element.tagName === 'article') candidates[2]?.push(element);
    return true;
  });
  for (const marked of candidates) {
    if (marked.length !== 1) continue;
    const [element] = marked as [Element];
    // Judged by prose: a marked block of links (a `<main>` around menus, say) is not the content.
    const own = stats.get(element);
    if (own && own.text - own.linkText >= (pageText - pageLinkText) * 0.3) return element;
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
  'fieldset',
]);

/** Containers that a boilerplate heading at their start marks as a whole. */
const SECTIONS = new Set(['div', 'section']);

/** Form controls: what a reader operates, not reads. */
const FORM_CONTROLS = new Set(['input', 'select', 'button', 'textarea', 'option', 'datalist', 'output']);

/**
 * A disabled checkbox shows a state rather than asks for one: a task list's mark (GitHub and
 * editors write `<li><input type="checkbox" disabled checked>`), which markdown keeps as `[x]`.
 */
const isTaskMark = (element: Element) =>
  element.tagName === 'input' &&
  element.properties.type === 'checkbox' &&
  element.properties.disabled !== undefined &&
  element.properties.disabled !== false;

/**
 * A section that a boilerplate heading opens, a table of contents or post furniture holding more
 * than this share of the page is the page itself ("Recommended Posts" above a whole forum thread
 * on Invision boards; Goodreads lists its books in `#all_votes`).
 */
const MAX_SECTION_SHARE = 0.5;

/**
 * Removes what the rules name as boilerplate with confidence, before the blocks are read: the
 * sections that boilerplate headings open, in-page tables of contents, the furniture around forum
 * posts, filter groups, and on a product page the shop around it and grids of other items' cards.
 * Judges them by the page's measures brought up to date, and adds to their `changed` each element
 * that lost something under it.
 */
function removeKnownBoilerplate(body: Element, onProductPage: boolean, measures: BlockMeasures): void {
  const stats = measureBlocks(body, measures);
  const pageText = stats.get(body)?.text ?? 0;
  const known = (element: Element) => {
    const own = stats.get(element);
    if (!own || !PRUNABLE.has(element.tagName)) return false;
    if (isChoiceList(element, stats)) return true;
    // A wrapper around the title and the contents under it goes down to the contents alone.
    const small = own.text <= pageText * MAX_SECTION_SHARE;
    if ((isTableOfContents(own) || isPostFurniture(element)) && small && !holdsTitle(element)) return true;
    const heading = SECTIONS.has(element.tagName) ? leadingHeading(element) : undefined;
    if (heading && isBoilerplateHeading(heading) && small) return true;
    // The one product is the content; grids of other items' cards around it are recommendations.
    if (!onProductPage) return false;
    return isItemCardGrid(element, stats) || (isShopChrome(element) && !holdsTitle(element));
  };
  const textIn = (children: RootContent[]) =>
    children.reduce((sum, child) => sum + (child.type === 'element' ? (stats.get(child)?.text ?? 0) : 0), 0);
  const withoutSections = (node: Root | Element) => {
    const sectioned = withoutBoilerplateSections(node.children);
    // Most elements open no such section: nothing to weigh.
    if (
      sectioned === node.children ||
      textIn(node.children) - textIn(sectioned) > pageText * MAX_SECTION_SHARE
    )
      return false;
    node.children = sectioned;
    return true;
  };
  removeElements(body, known, measures.changed, withoutSections);
}

/**
 * What the rules keep of `region`: everything but the blocks that read as boilerplate by their
 * class or id, the menus of short links and the blocks that repeat an earlier block. Records the
 * elements kept and returns the characters of text they hold.
 */
function prune(
  region: Element,
  stats: Map<Element, BlockStats>,
  kept: Set<Element>,
  layoutCells: Set<Element>,
): number {
  // The region's own text too: loose text in `<main>` beside its headings and paragraphs.
  kept.add(region);
  const repetition = repetitionChecker(region, stats);
  let prunedText = 0;
  const walk = (element: Element) => {
    for (const child of element.children) {
      // Hidden text is not in the region's measure, and the rules keep only what a reader sees.
      if (child.type !== 'element' || isHidden(child)) continue;
      const own = stats.get(child);
      const prunable = PRUNABLE.has(child.tagName) || layoutCells.has(child);
      if ((prunable && looksLikeBoilerplate(child, own)) || repetition.repeats(child)) {
        prunedText += own?.text ?? 0;
        continue;
      }
      walk(child);
      repetition.kept(child);
      kept.add(child);
    }
  };
  walk(region);
  // A voted region is a wrapper made up around the page's elements: measured here, as it is not in `stats`.
  const regionText = stats.get(region)?.text ?? measureBlocks(region).get(region)?.text ?? 0;
  return regionText - prunedText;
}

function textOf(element: Element, stats: Map<Element, BlockStats>): number {
  return element.children.reduce(
    (sum, child) => sum + (child.type === 'element' ? (stats.get(child)?.text ?? 0) : 0),
    0,
  );
}

function looksLikeBoilerplate(element: Element, own: BlockStats | undefined): boolean {
  if (!own) return false;
  if (classWeight(element) < 0 && !holdsTitle(element)) return true;
  // Link lists of short labels: menus, tag clouds, pagination. (Lists of titles are content on listing pages.)
  // A paragraph of one link and words of its own is a sentence that cites it, not a list.
  const sentence = element.tagName === 'p' && own.links === 1 && own.text > own.linkText;
  return (
    own.text > 0 &&
    linkDensity(own) > 0.6 &&
    own.text - own.linkText < 200 &&
    !hasTitledLinks(own) &&
    !sentence
  );
}

/**
 * Most of the link text sits in title-length labels: item titles, not menu entries. Judged by
 * share, not average, so cards of a long title link plus a short model-number link still count.
 * A block inside one link (a teaser's heading and blurb) counts as that link's label.
 */
const hasTitledLinks = (own: BlockStats) =>
  own.links === 0 ? own.linkText >= TITLE_LABEL : own.titledLinkText >= own.linkText * MIN_TITLED_SHARE;

/**
 * Where the page's prose votes its content is: the best container and its siblings when they
 * hold most of the text; else the smallest block that holds most of the prose (a thread of
 * many short posts, a listing of many teasers, where no single container wins).
 */
function votedRegion(body: Element, stats: Map<Element, BlockStats>, pageText: number): Element | undefined {
  const { voted, mass } = votedContent(body, stats);
  if (!voted) return proseHolder(body, mass, stats);
  const votedText = voted.reduce(
    (sum, node) => sum + (node.type === 'element' ? (stats.get(node)?.text ?? 0) : 0),
    0,
  );
  if (votedText >= pageText * MIN_VOTED_SHARE)
    return { type: 'element', tagName: 'div', properties: {}, children: voted };
  return proseHolder(body, mass, stats);
}

/** Share of the page's prose votes that the block holding "most of the prose" must have. */
const PROSE_MAJORITY = 0.8;

/** The deepest block that still holds most of the page's prose votes. */
function proseHolder(
  body: Element,
  mass: Map<Element, number>,
  stats: Map<Element, BlockStats>,
): Element | undefined {
  const total = mass.get(body) ?? 0;
  // No prose at all (a grid of product cards): nothing votes, so no block can hold the votes.
  if (total === 0) return undefined;
  let holder = body;
  for (;;) {
    const next = holder.children.find(
      (child): child is Element =>
        child.type === 'element' && (mass.get(child) ?? 0) >= total * PROSE_MAJORITY,
    );
    // A block of mostly links (a mega menu with blurbs) holds no content however much it votes.
    if (!next || next.tagName === 'nav' || linkDensity(stats.get(next) as BlockStats) > 0.5) break;
    holder = next;
  }
  return holder === body ? undefined : holder;
}

/** The best-scoring container and the siblings that belong with it. */
function votedContent(
  body: Element,
  stats: Map<Element, BlockStats>,
): { voted?: ElementContent[]; mass: Map<Element, number> } {
  const parents = new Map<Element, Element>();
  const scores = new Map<Element, number>();
  /** Every block's sum of the prose votes inside it. */
  const mass = new Map<Element, number>();
  const walk = (element: Element) => {
    for (const child of element.children) {
      // Hidden prose does not vote: the rules look for what a reader sees at once.
      if (child.type !== 'element' || isHidden(child)) continue;
      parents.set(child, element);
      walk(child);
    }
    if (!PROSE_BLOCKS.has(element.tagName)) return;
    const own = stats.get(element);
    if (!own || own.text - own.linkText < 25) return;
    const text = hastToString(element);
    const vote = 1 + (text.match(/[,，、]/g)?.length ?? 0) + Math.min(3, Math.floor(own.text / 100));
    for (let holder: Element | undefined = element; holder; holder = parents.get(holder))
      mass.set(holder, (mass.get(holder) ?? 0) + vote);
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
  if (!best) return { mass };
  const parent = parents.get(best);
  if (!parent) return { voted: [best], mass };
  const threshold = Math.max(10, bestScore * 0.2);
  const voted = parent.children.filter((sibling) => {
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
  return { voted, mass };
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

/** Is or holds an `<h1>`. */
const holdsTitle = (element: Element) => isOrHolds(element, (inner) => inner.tagName === 'h1');

/** Below this share of its words shown, the product description from the page's data is added. */
const MIN_DESCRIPTION_SHOWN = 0.5;

/** Adds the product description after the title when the picked content does not show it (rendered client-side). */
function addDescription(body: Element, description: ElementContent[] | undefined): void {
  if (!description || shownShare(description, body.children) >= MIN_DESCRIPTION_SHOWN) return;
  const block: Element = { type: 'element', tagName: 'div', properties: {}, children: description };
  let placed = false;
  visit(body, 'element', (node: Element, index, parent) => {
    if (node.tagName !== 'h1' || !parent || index === undefined) return;
    parent.children.splice(index + 1, 0, block);
    placed = true;
    return EXIT;
  });
  if (!placed) body.children.unshift(block);
}

/**
 * Removes the elements that dropped text left without words or images (empty list items, rows,
 * wrappers). Cells stay while their row has words, so tables keep their shape. A `<pre>` is verbatim
 * and left whole, and an emptied inline element that held a line break or a space leaves it: editors
 * write a line's break as `<strong><br></strong>`, a highlighter the spaces of `celery -A proj status`
 * as `<span class="w"> </span>`.
 */
function removeEmptied(element: Element): Holds {
  const held = element.children.map((child): Holds => {
    if (child.type === 'text') return child.value.trim() === '' ? 'nothing' : 'words';
    if (child.type !== 'element') return 'nothing';
    // A task's mark shows with its task.
    if (MEDIA.has(child.tagName) || isTaskMark(child)) return 'words';
    if (child.tagName === 'pre') return hastToString(child).trim() === '' ? 'nothing' : 'words';
    if (child.tagName === 'br') return 'a line break';
    return removeEmptied(child);
  });
  if (!held.includes('words')) {
    element.children = element.children.filter((child) => child.type !== 'element');
    // A break in inline markup ends a line of text; an emptied list item or block holding one ends nothing.
    return held.includes('a line break') && phrasing(element) ? 'a line break' : 'nothing';
  }
  const emptied = (child: ElementContent, index: number) =>
    child.type === 'element' && held[index] !== 'words' && !KEPT_EMPTY.has(child.tagName);
  // Most elements holding words lost nothing: no new list of children for them.
  if (!element.children.some(emptied)) return 'words';
  element.children = element.children.flatMap((child, index): ElementContent[] => {
    if (!emptied(child, index)) return [child];
    if (held[index] === 'a line break')
      return [{ type: 'element', tagName: 'br', properties: {}, children: [] }];
    return /\s/.test(hastToString(child)) ? [{ type: 'text', value: ' ' }] : [];
  });
  return 'words';
}

/** What an element holds once dropped text is gone. */
type Holds = 'words' | 'a line break' | 'nothing';

/** Empty cells keep a table's columns; line breaks and rules only matter between words. */
const KEPT_EMPTY = new Set(['td', 'th', 'br', 'hr']);
const MEDIA = new Set(['img', 'picture', 'video', 'audio', 'source']);

/**
 * Removes what a loaded page shows closed besides its dialogs (which the floor removes): consent
 * managers and closed dropdowns (a menu of every language, a sort menu), unless one holds the page.
 */
function removeClosedChrome(body: Element, changed: Set<Root | Element>): void {
  const title = titleHeading(body);
  removeElements(
    body,
    (element) => (isConsentManager(element) || isClosedDropdown(element)) && !holdsPage(element, title),
    changed,
  );
}

/**
 * A closed `<details>` named as a menu, dropdown or popover (a language picker, a sort menu): its
 * items show only once it is opened. A closed `<details>` named otherwise is an accordion (FAQ
 * answers, specifications), which pages count as content: on WCXB 0.3% of the words in the first
 * kind were content, 76% in the second.
 */
const isClosedDropdown = (element: Element) =>
  element.tagName === 'details' && !element.properties.open && isNamed(element, DROPDOWN);
const DROPDOWN = /menu|dropdown|drop-down|popover|popup|flyout|overlay|modal|select/i;

function wrap(children: ElementContent[]): Root {
  return { type: 'root', children: [{ type: 'element', tagName: 'body', properties: {}, children }] };
}
