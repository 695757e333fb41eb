import { FEATURE_NAMES } from './block-features.js';
import { type TreeModel, treeProbabilities } from './tree-model.js';

/**
 * What kind of page the blocks are on, as WCXB's annotators name it. What is content differs by
 * kind (a shop page's cards are its content on a collection, chrome on a product), and the kind
 * is read off the whole page: one model per kind (one against the rest) judges a page vector made
 * of the page's own features and of what its blocks hold, and the block classifier reads the
 * kinds' probabilities beside each block's features.
 */
export const PAGE_TYPES = [
  'article',
  'service',
  'listing',
  'forum',
  'product',
  'documentation',
  'collection',
] as const;

/** The block classifier's extra features: the page's probability of being each kind. */
export const PAGE_TYPE_FEATURE_NAMES = PAGE_TYPES.map((type) => `page is ${type}`);

/** Features that describe the page, not the block (block-features.ts lists them last, from 'page text'). */
const PAGE_FEATURES = FEATURE_NAMES.slice(FEATURE_NAMES.indexOf('page text'));

/** Block features summed over the page: words-weighted means and shares of blocks that have them. */
const SUMMED_FEATURES = [
  'link density',
  'images',
  'stopword share',
  'words per line',
  'tag p',
  'tag li',
  'tag cell',
  'tag heading',
  'tag pre',
  'labels a choice',
  'named product',
  'named cards',
  'named reviews',
  'named comments',
  'named questions',
  'named choices',
  'says price',
  'says date',
  'says reply',
  'says more',
  'in shop chrome',
  'in post furniture',
  'path group share',
  'kept by rules',
] as const satisfies readonly (typeof FEATURE_NAMES)[number][];

export const PAGE_VECTOR_NAMES = [
  ...PAGE_FEATURES,
  ...SUMMED_FEATURES.map((name) => `${name}, per word`),
  ...SUMMED_FEATURES.map((name) => `${name}, share of blocks`),
  'blocks',
  'largest path group',
];

const column = (name: string) => FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number]);
const pageColumns = PAGE_FEATURES.map(column);
const summedColumns = SUMMED_FEATURES.map(column);
const pathGroupBlocks = column('path group blocks');

/** The page as the kind models read it, from its blocks' feature rows and words. */
export function pageVector(rows: readonly number[][], words: readonly number[]): number[] {
  const first = rows[0] ?? [];
  const totalWords = Math.max(
    1,
    words.reduce((sum, count) => sum + count, 0),
  );
  const blocks = Math.max(1, rows.length);
  const perWord = summedColumns.map(
    (at) =>
      rows.reduce((sum, row, index) => sum + (row[at] as number) * (words[index] as number), 0) / totalWords,
  );
  const shareOfBlocks = summedColumns.map(
    (at) => rows.reduce((sum, row) => sum + ((row[at] as number) > 0 ? 1 : 0), 0) / blocks,
  );
  const largestGroup = rows.reduce((most, row) => Math.max(most, row[pathGroupBlocks] as number), 0);
  return [
    ...pageColumns.map((at) => first[at] ?? 0),
    ...perWord,
    ...shareOfBlocks,
    Math.log1p(rows.length),
    largestGroup,
  ];
}

/** The probability of each kind in `PAGE_TYPES`' order: the one-against-the-rest models' answers, normalised. */
export function pageTypeProbabilities(vector: number[], models: readonly TreeModel[]): number[] {
  const answers = models.map((model) => treeProbabilities([vector], model)[0] as number);
  const total = answers.reduce((sum, answer) => sum + answer, 0);
  return answers.map((answer) => (total > 0 ? answer / total : 1 / answers.length));
}
