export { noAttributeValues } from './attributes/select-attributes.js';
export { compareJson, describeJsonChanges, type JsonChanges } from './change-tracking/compare-json.js';
export { compareMarkdown, type MarkdownComparison } from './change-tracking/compare-markdown.js';
export { BOILERPLATE_SELECTOR } from './clean/boilerplate-floor.js';
export { cleanMarkdown } from './clean-content/clean-markdown.js';
export { convertPage, mainContentBlocks } from './convert-page.js';
export {
  buildDocument,
  pageInputOf,
  type ScrapeDocument,
  structuredRequestOf,
} from './document/build-document.js';
export {
  CLASSIFIER_FEATURE_NAMES,
  classifierRows,
  type ExtractionModel,
  scoreBlocks,
} from './main-content/block-classifier.js';
export { FEATURE_NAMES } from './main-content/block-features.js';
export { keepForBestF1 } from './main-content/block-selection.js';
export { titleBlockIndex } from './main-content/content-blocks.js';
export { extractMainContent } from './main-content/extract-main-content.js';
export { PAGE_TYPES, PAGE_VECTOR_NAMES, pageVector } from './main-content/page-type.js';
export { type TreeModel, treeMargins, treeProbabilities } from './main-content/tree-model.js';
export { lexiconTerms, lexiconWords, type WordLexicon } from './main-content/word-lexicon.js';
export { localPartOf, refineWithModel } from './model/refine-with-model.js';
export { ContentPool } from './pool/content-pool.js';
export type { ContentFormat, PageInput, PageMetadata, PageOutput } from './types.js';
