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
import { LEXICON_FEATURE_NAMES, lexiconFeatures, type WordLexicon } from './word-lexicon.js';

/**
 * What judges blocks: the page-kind models (`page-type.ts`) and the word lexicon
 * (`word-lexicon.ts`), whose answers join every block's features, and the block classifier that
 * reads them.
 */
export interface ExtractionModel {
  /** One model per kind, in `PAGE_TYPES`' order, over `PAGE_VECTOR_NAMES`. */
  pageTypes: readonly TreeModel[];
  /** Over `CLASSIFIER_FEATURE_NAMES`. */
  blocks: TreeModel;
  /** What each word says of the blocks it is in (`word-lexicon.ts`). */
  lexicon: WordLexicon;
}

/** What the block classifier reads of a block: its own features, what kind of page it is on, what its words say. */
export const CLASSIFIER_FEATURE_NAMES = [
  ...FEATURE_NAMES,
  ...PAGE_TYPE_FEATURE_NAMES,
  ...LEXICON_FEATURE_NAMES,
];

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

/** A page's blocks as the classifier reads them: their `FEATURE_NAMES` rows and their words. */
export interface ScoredPage {
  rows: number[][];
  /** Each block's word count, as extraction counts words. */
  words: readonly number[];
  /** Each block's words, as the lexicon reads them (`lexiconWords`). */
  blockWords: readonly (readonly string[])[];
}

/**
 * Each block's features, followed by the page's probability of being each kind and what its
 * words say: a row of `CLASSIFIER_FEATURE_NAMES`.
 */
export function classifierRows(
  page: ScoredPage,
  pageTypes: readonly TreeModel[],
  lexicon: WordLexicon,
): number[][] {
  const types = pageTypeProbabilities(pageVector(page.rows, page.words), pageTypes);
  const said = lexiconFeatures(page.blockWords, lexicon);
  return page.rows.map((row, index) => row.concat(types, said[index] as number[]));
}

/** The probability that each block of the page is main content. */
export function scoreBlocks(page: ScoredPage, model: ExtractionModel = shippedModel()): number[] {
  return treeProbabilities(classifierRows(page, model.pageTypes, model.lexicon), model.blocks);
}
