import { FEATURE_NAMES } from './block-features.js';
import { EXTRACTION_MODEL } from './block-model.generated.js';
import {
  PAGE_TYPE_FEATURE_NAMES,
  PAGE_TYPES,
  PAGE_VECTOR_NAMES,
  pageTypeProbabilities,
  pageVector,
} from './page-type.js';
import { type TreeModel, treeProbabilities } from './tree-model.js';

/**
 * What judges blocks: the page-kind models (`page-type.ts`), whose answers join every block's
 * features, and the block classifier that reads them.
 */
export interface ExtractionModel {
  /** One model per kind, in `PAGE_TYPES`' order, over `PAGE_VECTOR_NAMES`. */
  pageTypes: readonly TreeModel[];
  /** Over `CLASSIFIER_FEATURE_NAMES`. */
  blocks: TreeModel;
}

/** What the block classifier reads of a block: its own features, then what kind of page it is on. */
export const CLASSIFIER_FEATURE_NAMES = [...FEATURE_NAMES, ...PAGE_TYPE_FEATURE_NAMES];

const sameNames = (model: TreeModel, names: readonly string[]) =>
  model.features.join('|') === names.join('|');

/**
 * The shipped model, checked on first use (not on import: the trainer loads this module while the
 * model it replaces still lists the old features).
 */
function shippedModel(): ExtractionModel {
  const { pageTypes, blocks } = EXTRACTION_MODEL;
  if (
    !sameNames(blocks, CLASSIFIER_FEATURE_NAMES) ||
    pageTypes.length !== PAGE_TYPES.length ||
    !pageTypes.every((model) => sameNames(model, PAGE_VECTOR_NAMES))
  )
    throw new Error('block-model.generated.ts was trained on other features: run npm run train:extraction');
  return EXTRACTION_MODEL;
}

/** Each block's features, followed by the page's probability of being each kind. */
export function withPageTypes(
  rows: number[][],
  words: readonly number[],
  pageTypes: readonly TreeModel[],
): number[][] {
  const types = pageTypeProbabilities(pageVector(rows, words), pageTypes);
  return rows.map((row) => [...row, ...types]);
}

/** The probability that each block (a row of `FEATURE_NAMES`, with its words) is main content. */
export function scoreBlocks(
  rows: number[][],
  words: readonly number[],
  model: ExtractionModel = shippedModel(),
): number[] {
  return treeProbabilities(withPageTypes(rows, words, model.pageTypes), model.blocks);
}
