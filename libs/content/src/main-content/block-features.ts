import type { Element } from 'hast';
import { type BlockStats, linkDensity } from './block-stats.js';
import { classWeight } from './class-signals.js';
import type { ContentBlock } from './content-blocks.js';
import { isPostFurniture } from './post-furniture.js';
import { isShopChrome } from './product-chrome.js';
import { isBoilerplateHeading } from './section-headings.js';

/** What the rule-based pick said about the page, as input to the block classifier. */
export interface RulePick {
  /** Elements the rules kept (the region after pruning). */
  kept: Set<Element>;
  /** Elements inside the region the rules narrowed to before pruning. */
  region: Set<Element>;
  /** The rules found nothing plausible and kept the whole page. */
  fellBack: boolean;
  /** The page shows one product (schema.org data). */
  productPage: boolean;
}

/**
 * The features of every block, one row each, in the order of `FEATURE_NAMES`. Every feature is
 * a property of the page a reader could point at: the block's own text and links, its tag and
 * where it sits, the class names around it, the containers it is in, its neighbours, what the
 * rule-based pick made of it, and the page as a whole.
 */
export function blockFeatures(
  blocks: ContentBlock[],
  stats: Map<Element, BlockStats>,
  pick: RulePick,
  body: Element,
): number[][] {
  const page = stats.get(body) ?? { text: 0, linkText: 0, paragraphs: 0, links: 0 };
  const pageText = Math.max(1, blocks.reduce((sum, block) => sum + block.text.length, 0));
  const repeats = new Map<string, number>();
  const copyNumber = blocks.map((block) => {
    const copies = (repeats.get(block.text) ?? 0) + 1;
    repeats.set(block.text, copies);
    return copies;
  });
  const firstH1 = blocks.findIndex((block) => block.element.tagName === 'h1');
  const marked = (element: Element) =>
    element.tagName === 'main' ||
    element.tagName === 'article' ||
    element.properties.role === 'main' ||
    (Array.isArray(element.properties.itemProp) && element.properties.itemProp.includes('articleBody'));
  const pageRow = [
    Math.log1p(page.text),
    linkDensity(page as BlockStats),
    Math.log1p(blocks.length),
    pick.productPage ? 1 : 0,
    pick.fellBack ? 1 : 0,
    blocks.filter((block) => block.element.tagName === 'h1').length,
  ];

  return blocks.map((block, index) => {
    const { element, ancestors, text } = block;
    const words = text.split(' ').length;
    const own = block.linkText / text.length;
    const chain = [element, ...ancestors];
    const weights = chain.slice(0, 6).map(classWeight);
    const container = (level: number) => {
      const holder = ancestors[level];
      const holderStats = holder ? stats.get(holder) : undefined;
      if (!holderStats) return [0, 0, 0, 0];
      return [
        holderStats.text / pageText,
        linkDensity(holderStats),
        Math.log1p(holderStats.paragraphs),
        holder ? holder.children.filter((child) => child.type === 'element').length : 0,
      ];
    };
    const neighbour = (at: number) => {
      const other = blocks[at];
      if (!other) return [0, -1];
      return [Math.log1p(other.text.length), other.linkText / other.text.length];
    };
    return [
      // The block's own text.
      Math.log1p(text.length),
      Math.log1p(words),
      own,
      Math.log1p(block.links),
      block.images,
      count(text, /[,，、]/g) / words,
      count(text, /[.!?。](?:\s|$)/g) / words,
      /[.!?:。)"”]$/.test(text) ? 1 : 0,
      count(text, /\d/g) / text.length,
      capitalisedShare(text),
      words / Math.max(1, Math.ceil(text.length / 80)),
      repeats.get(text) ?? 1,
      copyNumber[index] === 1 ? 0 : 1,
      // Its tag and place.
      ...TAG_GROUPS.map((group) => (group.has(element.tagName) ? 1 : 0)),
      headingLevel(element),
      ancestors.length,
      block.offset / pageText,
      firstH1 === -1 ? 0 : Math.sign(index - firstH1),
      firstH1 === -1 ? 0 : Math.abs(index - firstH1) / blocks.length,
      chain.some((holder) => holder.tagName === 'li') ? 1 : 0,
      chain.some((holder) => holder.tagName === 'table') ? 1 : 0,
      chain.some((holder) => holder.tagName === 'form') ? 1 : 0,
      chain.some(marked) ? 1 : 0,
      // Class and id names around it.
      weights[0] ?? 0,
      Math.min(0, ...weights),
      Math.max(0, ...weights),
      chain.some(isPostFurniture) ? 1 : 0,
      chain.some(isShopChrome) ? 1 : 0,
      boilerplateSection(element, ancestors) ? 1 : 0,
      // The containers it sits in.
      ...container(0),
      ...container(1),
      ...container(2),
      // Its neighbours.
      ...neighbour(index - 1),
      ...neighbour(index + 1),
      // What the rules made of it.
      pick.kept.has(element) ? 1 : 0,
      pick.region.has(element) ? 1 : 0,
      ...pageRow,
    ];
  });
}

export const FEATURE_NAMES = [
  'text',
  'words',
  'link density',
  'links',
  'images',
  'commas per word',
  'sentences per word',
  'ends a sentence',
  'digit share',
  'capitalised words',
  'words per line',
  'copies on page',
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
  'in boilerplate section',
  'parent share',
  'parent link density',
  'parent paragraphs',
  'parent children',
  'grandparent share',
  'grandparent link density',
  'grandparent paragraphs',
  'grandparent children',
  'great-grandparent share',
  'great-grandparent link density',
  'great-grandparent paragraphs',
  'great-grandparent children',
  'previous text',
  'previous link density',
  'next text',
  'next link density',
  'kept by rules',
  'in rules region',
  'page text',
  'page link density',
  'page blocks',
  'product page',
  'rules fell back',
  'h1 count',
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

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function capitalisedShare(text: string): number {
  const words = text.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((word) => /^\p{Lu}/u.test(word)).length / words.length;
}

function headingLevel(element: Element): number {
  const match = /^h([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : 0;
}

/** Under a heading such as "Related posts" or "Comments" (the section the heading opens). */
function boilerplateSection(element: Element, ancestors: Element[]): boolean {
  let child = element;
  for (const holder of ancestors.slice(0, 4)) {
    const at = holder.children.indexOf(child);
    for (let index = at - 1; index >= 0; index--) {
      const sibling = holder.children[index];
      if (sibling?.type !== 'element' || !/^h[2-6]$/.test(sibling.tagName)) continue;
      if (isBoilerplateHeading(sibling)) return true;
      break;
    }
    child = holder;
  }
  return false;
}
