import type { Element, ElementContent } from 'hast';
import { isLandmark, LANDMARK_ROLES, type Landmark } from '../clean/boilerplate-floor.js';
import { childElements } from '../tree/walk-elements.js';
import { ADDRESS_FEATURE_NAMES, addressFeatures } from './address-kinds.js';
import { type BlockStats, linkDensity } from './block-stats.js';
import {
  classWeight,
  isHiddenByClass,
  namesOf,
  perElement,
  perName,
  perNamedElement,
} from './class-signals.js';
import { type ContentBlock, titleBlockIndex } from './content-blocks.js';
import { PAGE_KINDS } from './page-kinds.js';
import { isPostFurniture } from './post-furniture.js';
import { isShopChrome } from './product-chrome.js';
import { isBoilerplateHeading } from './section-headings.js';

/** What the rule-based pick said about the page, as input to the block classifier. */
export interface RulePick {
  /** Whether the rules kept this element (its block ancestors given, nearest first). */
  keeps(element: Element, ancestors: Element[]): boolean;
  /** Whether the element lies in the region the rules narrowed to before pruning. */
  inRegion(element: Element, ancestors: Element[]): boolean;
  /** The rules found nothing plausible and kept the whole page. */
  fellBack: boolean;
  /** The page shows one product (schema.org data). */
  productPage: boolean;
}

/** A page as the rules left it: what `blockFeatures` reads. */
export interface MeasuredPage {
  body: Element;
  blocks: ContentBlock[];
  stats: Map<Element, BlockStats>;
  pick: RulePick;
  /** Whether the rules keep each block (never a hidden one: they judge what a reader sees at once). */
  keptByRules: boolean[];
  /** Each block's path group (`pathGroupIds`). */
  pathGroup: number[];
  /** Each block's words as the lexicon reads them (`lexiconWords`). */
  blockWords: readonly (readonly string[])[];
}

/**
 * The features of each judged block (indices into `blocks`), one row each, in the order of
 * `FEATURE_NAMES`; the page around them is read whole. Every feature is
 * a property of the page a reader could point at: the block's own text and links, its tag and
 * where it sits, the class names around it, the containers it is in, its neighbours, what the
 * rule-based pick made of it, and the page as a whole. Page measures count what a reader sees:
 * hidden blocks are judged, but do not make the page look bigger.
 */
export function blockFeatures(
  { body, blocks, stats, pick, keptByRules, pathGroup, blockWords: lexiconWords }: MeasuredPage,
  page: { headline?: string; kinds?: string[]; url?: string },
  judged: readonly number[],
): number[][] {
  const headlineWords = new Set(wordsOf(page.headline ?? ''));
  const whole = stats.get(body) ?? { text: 0, linkText: 0, paragraphs: 0, links: 0 };
  // Read once per element, not once per block under it: a table of 10,000 rows would ask 10,000 times.
  const childCount = perElement(
    (holder) => holder.children.filter((child) => child.type === 'element').length,
  );
  const headingBefore = headingsBefore();
  // Read once per heading: every block of a section asks about the heading that opens it.
  const opensBoilerplate = perElement(isBoilerplateHeading);
  const visible = blocks.filter((block) => !block.hidden);
  const pageText = Math.max(
    1,
    visible.reduce((sum, block) => sum + block.text.length, 0),
  );
  const repeats = new Map<string, number>();
  const copyNumber = blocks.map((block) => {
    const copies = (repeats.get(block.text) ?? 0) + 1;
    repeats.set(block.text, copies);
    return copies;
  });
  const firstH1 = titleBlockIndex(blocks);
  const blockWords = lexiconWords.map(splitAtUnderscores);
  const wordCounts = blockWords.map(functionWords);
  const groups = pathGroups(blocks, wordCounts, keptByRules, pathGroup);
  // Reduced rather than spread into Math.max: a huge page has more blocks than a call takes arguments.
  const longest = Math.max(
    1,
    visible.reduce((most, block) => Math.max(most, block.text.length), 0),
  );
  const largestGroup = [...groups.values()].reduce((most, group) => Math.max(most, group.text), 0);
  const longestBlock = visible.find((block) => block.text.length === longest);
  const nearH1 = closeness(blocks[firstH1], stats, pageText);
  const nearLongest = closeness(longestBlock, stats, pageText);
  const holdersOf = alongChain<number>((element, parent = 0) => parent | holderBits(element));
  const namedAt = alongChain<number[]>((element, parent) => nameDistances(element, parent));
  const pageRow = [
    Math.log1p(whole.text),
    linkDensity(whole as BlockStats),
    Math.log1p(visible.length),
    pick.productPage ? 1 : 0,
    pick.fellBack ? 1 : 0,
    visible.filter((block) => block.element.tagName === 'h1').length,
    ...PAGE_KINDS.map((kind) => (page.kinds?.includes(kind) ? 1 : 0)),
    ...addressFeatures(page.url),
  ];

  const likeSiblings = likeSiblingCounts(
    body,
    new Set(judged.flatMap((index) => (blocks[index] as ContentBlock).ancestors.slice(0, 3))),
  );
  const similarSiblings = (holder: Element | undefined) => (holder ? (likeSiblings.get(holder) ?? 0) : 0);

  return judged.map((index) => {
    const block = blocks[index] as ContentBlock;
    const { element, ancestors, text, words } = block;
    const own = block.linkText / text.length;
    const chain = [element, ...ancestors];
    const holders = holdersOf(chain);
    const holds = (holder: Holder) => (holders & HOLDER_BITS[holder] ? 1 : 0);
    const weights = chain.slice(0, 6).map(classWeight);
    const container = (level: number) => {
      const holder = ancestors[level];
      const holderStats = holder ? stats.get(holder) : undefined;
      if (!holderStats) return [0, 0, 0, 0, 0];
      return [
        holderStats.text / pageText,
        linkDensity(holderStats),
        Math.log1p(holderStats.paragraphs),
        childCount(holder),
        holderStats.linkText === 0 ? 0 : holderStats.titledLinkText / holderStats.linkText,
      ];
    };
    const neighbour = (at: number) => {
      const other = blocks[at];
      if (!other) return [0, -1, -1];
      return [Math.log1p(other.text.length), other.linkText / other.text.length, keptByRules[at] ? 1 : 0];
    };
    return [
      // The block's own text.
      Math.log1p(text.length),
      Math.log1p(words),
      own,
      Math.log1p(block.links),
      block.links === 0 ? 0 : block.linkText / block.links,
      block.images,
      block.labels > 0 ? 1 : 0,
      count(text, /[,，、]/g) / words,
      count(text, /[.!?。](?:\s|$)/g) / words,
      /[.!?:。)"”]$/.test(text) ? 1 : 0,
      count(text, /\d/g) / text.length,
      capitalisedShare(text),
      share(wordCounts[index] as WordCounts),
      words / Math.max(1, Math.ceil(text.length / 80)),
      repeats.get(text) ?? 1,
      sharedShare(blockWords[index] as readonly string[], headlineWords),
      copyNumber[index] === 1 ? 0 : 1,
      // Its tag and place.
      ...TAG_GROUPS.map((group) => (group.has(element.tagName) ? 1 : 0)),
      headingLevel(element),
      ancestors.length,
      block.offset / pageText,
      firstH1 === -1 ? 0 : Math.sign(index - firstH1),
      firstH1 === -1 ? 0 : Math.abs(index - firstH1) / blocks.length,
      holds('li'),
      holds('table'),
      holds('form'),
      holds('marked content'),
      // Class and id names around it.
      weights[0] ?? 0,
      Math.min(0, ...weights),
      Math.max(0, ...weights),
      holds('post furniture'),
      holds('shop chrome'),
      holds('hidden by a class'),
      block.hidden ? 1 : 0,
      block.hidden ? holds('hidden from screen readers') : 0,
      ...LANDMARKS.map(holds),
      boilerplateSection(element, ancestors, headingBefore, opensBoilerplate) ? 1 : 0,
      ...namedAt(chain),
      ...TEXT_CUES.map((pattern) => (pattern.test(text) ? 1 : 0)),
      similarSiblings(ancestors[0]),
      similarSiblings(ancestors[1]),
      similarSiblings(ancestors[2]),
      // The blocks laid out like it (same tags and classes up the tree): posts, cards, menu items.
      ...groupFeatures(groups.get(block) as PathGroup, pageText, largestGroup),
      text.length / longest,
      // How close in the tree it sits to the title and to the longest text: the content's own region.
      ...nearH1(chain),
      ...nearLongest(chain),
      // The containers it sits in.
      ...container(0),
      ...container(1),
      ...container(2),
      // Its neighbours.
      ...neighbour(index - 1),
      ...neighbour(index + 1),
      // What the rules made of it.
      keptByRules[index] ? 1 : 0,
      pick.inRegion(element, ancestors) ? 1 : 0,
      ...pageRow,
    ];
  });
}

/** What class and id names say a block is, by the words platforms use for it. */
const NAMES: Array<[string, RegExp]> = [
  ['comments', /comment|repl(?:y|ies)|discuss|respond/i],
  ['related', /related|recommend|similar|also|popular|trending|more-|upsell|cross-?sell/i],
  ['sharing', /share|social|follow|sharing/i],
  ['navigation', /nav|menu|breadcrumb|pagination|pager|toc\b|jump/i],
  ['header', /header|masthead|topbar|top-bar|site-top/i],
  ['footer', /footer|bottom|copyright|colophon/i],
  ['sidebar', /sidebar|aside|widget|rail|secondary/i],
  ['byline', /author|byline|meta|date|time|posted|published/i],
  ['tags', /tags?\b|tag-|categor|topics?\b|label/i],
  ['promotion', /\bad\b|ads|advert|sponsor|promo|banner|newsletter|subscribe|signup|sign-up|cta/i],
  ['content', /content|article|post|entry|body|main|story|text|prose|markdown|rte|wysiwyg/i],
  ['product', /product|description|detail|spec|feature|price|sku|variant/i],
  ['reviews', /review|rating|stars|testimonial/i],
  ['cards', /card|item|tile|grid|list|teaser|listing|result/i],
  ['title', /title|heading|headline|name/i],
  ['questions', /faq|question|answer|accordion|collapse/i],
  ['intro', /hero|intro|lead|summary|excerpt|standfirst|subtitle/i],
  ['overlay', /modal|popup|overlay|cookie|consent|drawer|dropdown/i],
  ['controls', /button|btn|link|action|toolbar|icon/i],
  ['forms', /form|search|login|signin|register|input/i],
  ['choices', /swatch|variant|variation|option|attribute|picker|selector|radio|checkbox/i],
];
const NAME_GROUP_LABELS = NAMES.map(([label]) => label);

/**
 * For each kind of name, how many levels up the nearest element named so is (0: the element
 * itself; 9: none within 8), from the distances of its parent block's.
 */
function nameDistances(element: Element, parent: readonly number[] | undefined): number[] {
  const kinds = nameKindsOf(element);
  return NAMES.map((_, kind) =>
    kinds & (1 << kind) ? 0 : Math.min(NO_NAME, (parent?.[kind] ?? NO_NAME) + 1),
  );
}
const NO_NAME = 9;

/** The kinds an element's class and id names say, as bits. */
const nameKindsOf = perNamedElement(0, (element) =>
  namesOf(element).reduce((bits, name) => bits | kindsOfName(name), 0),
);
const kindsOfName = perName((name) =>
  NAMES.reduce((bits, [, pattern], kind) => (pattern.test(name) ? bits | (1 << kind) : bits), 0),
);

/** The elements whose presence in a block's chain (itself or a block around it) is a feature. */
const HOLDERS = {
  li: (element: Element) => element.tagName === 'li',
  table: (element: Element) => element.tagName === 'table',
  form: (element: Element) => element.tagName === 'form',
  'marked content': (element: Element) =>
    element.tagName === 'main' ||
    element.tagName === 'article' ||
    element.properties.role === 'main' ||
    (Array.isArray(element.properties.itemProp) && element.properties.itemProp.includes('articleBody')),
  'post furniture': isPostFurniture,
  'shop chrome': isShopChrome,
  'hidden by a class': isHiddenByClass,
  'hidden from screen readers': (element: Element) => String(element.properties.ariaHidden) === 'true',
  footer: (element: Element) => isLandmark(element, 'footer'),
  nav: (element: Element) => isLandmark(element, 'nav'),
  aside: (element: Element) => isLandmark(element, 'aside'),
  header: (element: Element) => isLandmark(element, 'header'),
} satisfies Record<string, (element: Element) => boolean> & Record<Landmark, unknown>;
type Holder = keyof typeof HOLDERS;
const HOLDER_BITS = Object.fromEntries(
  Object.keys(HOLDERS).map((holder, bit) => [holder, 1 << bit]),
) as Record<Holder, number>;
/** Each holder's test with its bit, listed once: every element of a page is tested. */
const HOLDER_TESTS = Object.entries(HOLDERS).map(
  ([holder, is]) => [is, HOLDER_BITS[holder as Holder]] as const,
);
const holderBits = (element: Element) =>
  HOLDER_TESTS.reduce((bits, [is, bit]) => (is(element) ? bits | bit : bits), 0);

/**
 * A value each element derives from its own and its parent block's, read along a block's chain
 * (itself, then its block ancestors, nearest first): worked out once per element, not once per
 * block beneath it (a table of 10,000 rows shares its ancestors' answers). An element's chain is
 * the same from every block under it.
 */
function alongChain<T>(
  derive: (element: Element, parent: T | undefined) => T,
): (chain: readonly Element[]) => T {
  const known = new Map<Element, T>();
  return (chain) => {
    let level = 0;
    while (level < chain.length && !known.has(chain[level] as Element)) level++;
    let value = level < chain.length ? known.get(chain[level] as Element) : undefined;
    for (let at = level - 1; at >= 0; at--) {
      value = derive(chain[at] as Element, value);
      known.set(chain[at] as Element, value);
    }
    return value as T;
  };
}

/**
 * The landmarks that hold a block. The boilerplate floor removes footers, navs and asides unless
 * they hold the page's marked content, and headers unless they hold much of its text; those that
 * stay are still rarely content.
 */
const LANDMARKS = Object.keys(LANDMARK_ROLES) as Landmark[];

/** What the words of a block say it is. */
const CUES: Array<[string, RegExp]> = [
  ['copyright', /©|\(c\) \d{4}|copyright|all rights reserved/i],
  ['account', /\b(?:log ?in|sign ?in|sign ?up|register|my account|create an account)\b/i],
  [
    'more',
    /\b(?:read more|continue reading|learn more|view all|see all|show more|load more|shop now|see more)\b/i,
  ],
  [
    'date',
    /\b(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2},? \d{4}|\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}|\d+ (?:minutes?|hours?|days?|weeks?|months?|years?) ago)\b/i,
  ],
  ['price', /[$€£¥₹]\s?\d|\d\s?(?:€|EUR|USD|GBP)\b/],
  ['sharing', /\b(?:share|tweet|facebook|twitter|linkedin|pinterest|whatsapp|email this)\b/i],
  ['legal', /\b(?:cookies?|privacy|terms (?:of|and)|gdpr)\b/i],
  ['reply', /\b(?:reply|replies|quote|report|permalink|upvote|like this)\b/i],
  // Disclaimers and footnotes of shops and product pages: "* Image simulated", "◊ Financing …".
  ['footnote', /^[*†‡◊§¹²³⁴⁵⁶⁷⁸⁹]/],
];
const TEXT_CUES = CUES.map(([, pattern]) => pattern);
const TEXT_CUE_LABELS = CUES.map(([label]) => label);

export const FEATURE_NAMES = [
  'text',
  'words',
  'link density',
  'links',
  'link label length',
  'images',
  'labels a choice',
  'commas per word',
  'sentences per word',
  'ends a sentence',
  'digit share',
  'capitalised words',
  'stopword share',
  'words per line',
  'copies on page',
  'words in the headline',
  'a later copy',
  'tag p',
  'tag li',
  'tag heading',
  'tag cell',
  'tag pre',
  'tag dt/dd',
  'tag blockquote/figcaption',
  'tag div/section',
  'heading level',
  'depth',
  'position',
  'after h1',
  'distance to h1',
  'in list item',
  'in table',
  'in form',
  'in marked content',
  'own class weight',
  'lowest class weight',
  'highest class weight',
  'in post furniture',
  'in shop chrome',
  'hidden by a class',
  'hidden by markup',
  'hidden from screen readers',
  ...LANDMARKS.map((landmark) => `in ${landmark}`),
  'in boilerplate section',
  ...NAME_GROUP_LABELS.map((label) => `named ${label}`),
  ...TEXT_CUE_LABELS.map((label) => `says ${label}`),
  'parent like its siblings',
  'grandparent like its siblings',
  'great-grandparent like its siblings',
  'path group blocks',
  'path group share',
  'path group link density',
  'path group kept by rules',
  'path group stopword share',
  'path group words per block',
  'path group against the largest',
  'text against the longest block',
  'levels up to the h1',
  'share shared with the h1',
  'levels up to the longest block',
  'share shared with the longest block',
  'parent share',
  'parent link density',
  'parent paragraphs',
  'parent children',
  'parent titled link share',
  'grandparent share',
  'grandparent link density',
  'grandparent paragraphs',
  'grandparent children',
  'grandparent titled link share',
  'great-grandparent share',
  'great-grandparent link density',
  'great-grandparent paragraphs',
  'great-grandparent children',
  'great-grandparent titled link share',
  'previous text',
  'previous link density',
  'previous kept by rules',
  'next text',
  'next link density',
  'next kept by rules',
  'kept by rules',
  'in rules region',
  // The page's own features come last: page-type.ts reads them from 'page text' on.
  'page text',
  'page link density',
  'page blocks',
  'product page',
  'rules fell back',
  'h1 count',
  ...PAGE_KINDS.map((kind) => `says it is ${kind}`),
  ...ADDRESS_FEATURE_NAMES,
] as const;

const TAG_GROUPS = [
  new Set(['p']),
  new Set(['li']),
  new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']),
  new Set(['td', 'th']),
  new Set(['pre']),
  new Set(['dt', 'dd']),
  new Set(['blockquote', 'figcaption']),
  new Set(['div', 'section']),
];

/** Blocks that sit at the same place of the same layout: the same tags and class names up the tree. */
interface PathGroup {
  blocks: number;
  words: number;
  stopwords: number;
  text: number;
  linkText: number;
  keptText: number;
}

function pathGroups(
  blocks: ContentBlock[],
  wordCounts: WordCounts[],
  keptByRules: boolean[],
  pathGroup: number[],
): Map<ContentBlock, PathGroup> {
  const byGroup = new Map<number, PathGroup>();
  const groups = new Map<ContentBlock, PathGroup>();
  for (const [index, block] of blocks.entries()) {
    const id = pathGroup[index] as number;
    let group = byGroup.get(id);
    if (!group) {
      group = { blocks: 0, words: 0, stopwords: 0, text: 0, linkText: 0, keptText: 0 };
      byGroup.set(id, group);
    }
    group.blocks++;
    group.words += (wordCounts[index] as WordCounts).words;
    group.stopwords += (wordCounts[index] as WordCounts).stopwords;
    group.text += block.text.length;
    group.linkText += block.linkText;
    if (keptByRules[index]) group.keptText += block.text.length;
    groups.set(block, group);
  }
  return groups;
}

/**
 * The blocks laid out alike, numbered: those with the same tags and class names from the block up
 * to the body (a thread's posts, a grid's titles, an article's paragraphs) share a number.
 */
export function pathGroupIds(blocks: readonly ContentBlock[]): number[] {
  // A chain of layout names is numbered by its element's name under its parent block's chain
  // number: short keys, where writing out every chain would cost its depth in characters per level.
  const chains = new Map<string, number>();
  const chainOf = alongChain<number>((element, parent) =>
    numbered(chains, parent === undefined ? layoutName(element) : `${layoutName(element)}<${parent}`),
  );
  const groups = new Map<number, number>();
  return blocks.map((block) => numbered(groups, chainOf([block.element, ...block.ancestors])));
}

/** The number `key` has in `numbers`, or the next one, in the order keys are first met. */
function numbered<K>(numbers: Map<K, number>, key: K): number {
  let number = numbers.get(key);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(key, number);
  }
  return number;
}

/** An element's tag and class names without numbers (`post-1234` and `post-1235` are alike). */
const layoutName = (element: Element) =>
  `${element.tagName}.${namesOf(element).map(withoutNumbers).join('.')}`;
const withoutNumbers = perName((name) => name.replace(/\d+/g, ''));

const groupFeatures = (group: PathGroup, pageText: number, largestGroup: number) => [
  Math.log1p(group.blocks),
  group.text / pageText,
  group.linkText / group.text,
  group.keptText / group.text,
  share(group),
  Math.log1p(group.words / group.blocks),
  group.text / largestGroup,
];

/**
 * A text's words and how many of them are English function words: running prose is full of them,
 * menus, labels and lists of names hardly have any (jusText's main cue).
 */
interface WordCounts {
  words: number;
  stopwords: number;
}

function functionWords(words: readonly string[]): WordCounts {
  return { words: words.length, stopwords: words.filter((word) => STOPWORDS.has(word)).length };
}

const share = ({ words, stopwords }: WordCounts) => (words === 0 ? 0 : stopwords / words);

const STOPWORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his how ' +
    'i if in into is it its just me more most my no nor not now of off on once only or other our out over own same she ' +
    'should so some such than that the their them then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your'
  ).split(' '),
);

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * `wordsOf` a block's text from its `lexiconWords`, which differ only in keeping underscores inside
 * words (`snake_case`): the block's text is split into words once for both.
 */
const splitAtUnderscores = (words: readonly string[]): readonly string[] =>
  words.some((word) => word.includes('_')) ? words.flatMap((word) => word.split('_').filter(Boolean)) : words;

/** Share of a text's words that the headline (title and description) uses too. */
function sharedShare(words: readonly string[], headline: Set<string>): number {
  return words.length === 0 ? 0 : words.filter((word) => headline.has(word)).length / words.length;
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function capitalisedShare(text: string): number {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((word) => CAPITALISED.test(word)).length / words.length;
}
/** Built once: a pattern written in the test would be built again for every word. */
const CAPITALISED = /^\p{Lu}/u;

function headingLevel(element: Element): number {
  const match = /^h([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : 0;
}

/** Under a heading such as "Related posts" or "Comments" (the section the heading opens). */
function boilerplateSection(
  element: Element,
  ancestors: Element[],
  headingBefore: (holder: Element, child: Element) => Element | undefined,
  opensBoilerplate: (heading: Element) => boolean,
): boolean {
  let child = element;
  for (const holder of ancestors.slice(0, 4)) {
    const heading = headingBefore(holder, child);
    if (heading && opensBoilerplate(heading)) return true;
    child = holder;
  }
  return false;
}

/** The nearest `h2`–`h6` before a child among its siblings, found in one pass over each parent's children. */
function headingsBefore(): (holder: Element, child: Element) => Element | undefined {
  const known = new Map<Element, Map<ElementContent, Element | undefined>>();
  return (holder, child) => {
    let before = known.get(holder);
    if (!before) {
      before = new Map();
      let last: Element | undefined;
      for (const sibling of holder.children) {
        before.set(sibling, last);
        if (sibling.type === 'element' && /^h[2-6]$/.test(sibling.tagName)) last = sibling;
      }
      known.set(holder, before);
    }
    return before.get(child);
  };
}

/**
 * How near a block sits to an anchor block in the tree: how many levels up the nearest container
 * holding both is (9: none within reach, or no anchor), and that container's share of the page's text.
 */
function closeness(anchor: ContentBlock | undefined, stats: Map<Element, BlockStats>, pageText: number) {
  const around = new Set(anchor ? [anchor.element, ...anchor.ancestors] : []);
  // The block's own chain, itself first, as the row already holds it.
  return (chain: Element[]): [number, number] => {
    const level = chain.findIndex((holder) => around.has(holder));
    if (level === -1) return [9, 1];
    return [Math.min(level, 9), (stats.get(chain[level] as Element)?.text ?? pageText) / pageText];
  };
}

/**
 * How many of each holder's siblings share its tag and class names (posts of a thread, cards of a
 * grid), for the holders asked about: only their parents' children are compared.
 */
function likeSiblingCounts(root: Element, holders: ReadonlySet<Element>): Map<Element, number> {
  const counts = new Map<Element, number>();
  const signature = (element: Element) => `${element.tagName}.${namesOf(element).join('.')}`;
  const visit = (parent: Element) => {
    if (parent.children.some((child) => child.type === 'element' && holders.has(child))) {
      const children = childElements(parent);
      const signatures = children.map(signature);
      const alike = new Map<string, number>();
      for (const key of signatures) alike.set(key, (alike.get(key) ?? 0) + 1);
      for (const [index, child] of children.entries())
        if (holders.has(child)) counts.set(child, (alike.get(signatures[index] as string) as number) - 1);
    }
    for (const child of parent.children) if (child.type === 'element') visit(child);
  };
  visit(root);
  return counts;
}
