import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CLASSIFIER_FEATURE_NAMES,
  classifierRows,
  type ExtractionModel,
  FEATURE_NAMES,
  keepForBestF1,
  lexiconTerms,
  mainContentBlocks,
  PAGE_TYPES,
  PAGE_VECTOR_NAMES,
  pageVector,
  scoreBlocks,
  type TreeModel,
  titleBlockIndex,
  type WordLexicon,
} from '#content';
import { repoRoot } from '../../support/repo-root.js';
import { flag, option } from '../command-line.js';
import { wcxbPages } from '../wcxb-pages.js';
import { wordF1, words } from '../word-f1.js';
import type { FoldModels } from './fold-models.js';
import {
  type BoostingOptions,
  DEFAULT_BOOSTING,
  type TrainingSet,
  trainBoostedTrees,
} from './gradient-boosting.js';

/**
 * `npm run train:extraction`: trains onlyMainContent's block classifier on the WCXB development
 * split and writes `libs/content/src/main-content/block-model.generated.ts`.
 *
 * Each text block of a page (as `convertPage` reads it) is labelled main content when most of its
 * word pairs occur in the page's human-reviewed main content (each pair of the truth counted
 * once, so a repeated copy of a block is not content twice). Blocks weigh their share of the
 * page's words, so every page counts the same, as in the benchmark's mean of page F1s.
 *
 * Before writing, a 5-fold cross-validation (pages split by site, each page judged by a model that
 * never saw it, keeping the blocks `keepForBestF1` picks) prints the held-out F1 per page type:
 * the figure to trust for pages outside this split. `--folds 0` skips it; `--reuse FILE` reads (or writes)
 * the labelled blocks from a cache, for trying model options quickly; `--dump FILE` writes the
 * held-out scores of every block, for looking at errors; `--fold-models FILE` writes each fold's
 * model and which pages it never saw, for `npm run bench:extraction -- --fold-models FILE` to
 * measure the held-out F1 through markdown; `--lexicon-sites N` sets how many sites a word needs to
 * enter the lexicon; `--seed N` draws the trees' samples from another seed (to see the noise of a
 * figure); `--dry` writes no shipped model.
 */

interface LabelledPage {
  id: string;
  type: string;
  /** Its host name: a site's pages share a fold. */
  site: string;
  truth: string[];
  /** Words of each block, in order (as the benchmark splits them). */
  blockWords: readonly (readonly string[])[];
  /** Words of each block as extraction counts them. */
  words: number[];
  firstH1: number;
  rows: number[][];
  labels: number[];
}

/** A block is content when at least this share of its word pairs is found in the truth. */
const CONTENT_SHARE = 0.5;

function label(blockWords: readonly (readonly string[])[], truth: string[]): number[] {
  const pairs = new Map<string, number>();
  for (let index = 0; index + 1 < truth.length; index++) {
    const pair = `${truth[index]} ${truth[index + 1]}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const single = new Set(truth);
  return blockWords.map((block) => {
    if (block.length === 0) return 0;
    if (block.length === 1) return single.has(block[0] as string) ? 1 : 0;
    let found = 0;
    for (let index = 0; index + 1 < block.length; index++) {
      const pair = `${block[index]} ${block[index + 1]}`;
      const left = pairs.get(pair) ?? 0;
      if (left > 0) {
        found++;
        pairs.set(pair, left - 1);
      }
    }
    return found / (block.length - 1) >= CONTENT_SHARE ? 1 : 0;
  });
}

function readPages(): LabelledPage[] {
  const cache = option('reuse');
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8'));
  const pages: LabelledPage[] = [];
  for (const page of wcxbPages()) {
    const read = mainContentBlocks(page);
    // The blocks the classifier judges, in the order of their feature rows.
    const judged = new Set(read.judged);
    const blocks = read.blocks.filter((_, index) => judged.has(index));
    const blockWords = read.judged.map((index) => read.blockWords[index] as readonly string[]);
    const truth = words(page.truth);
    pages.push({
      id: page.id,
      type: page.type,
      site: new URL(page.url).hostname,
      truth,
      blockWords,
      words: blocks.map((block) => block.words),
      firstH1: titleBlockIndex(blocks),
      rows: read.features,
      labels: label(blockWords, truth),
    });
    if (pages.length % 100 === 0) process.stderr.write(`read ${pages.length} pages\n`);
  }
  if (cache) writeFileSync(cache, JSON.stringify(pages));
  return pages;
}

/** Every block of these pages, its features read by `rowsOf`, labelled and weighed. */
function trainingSet(pages: LabelledPage[], rowsOf: (page: LabelledPage) => number[][]): TrainingSet {
  const set: TrainingSet = { rows: [], labels: [], weights: [] };
  for (const page of pages) {
    // A page without truth teaches nothing about what content looks like.
    if (page.truth.length === 0) continue;
    const pageWords = page.blockWords.reduce((sum, block) => sum + block.length, 0);
    const scale = Math.max(1, pageWords);
    rowsOf(page).forEach((row, index) => {
      set.rows.push(row);
      set.labels.push(page.labels[index] as number);
      set.weights.push((page.blockWords[index]?.length ?? 0) / scale);
    });
  }
  return set;
}

/** Page F1 of the blocks kept: the first h1 always, as extraction does, and those `keep` picks. */
function pageF1(page: LabelledPage, keep: boolean[]): number {
  const kept = page.blockWords.filter((_, index) => index === page.firstH1 || keep[index]);
  return wordF1(kept.flat(), page.truth)[2];
}

/**
 * Each page's fold: a site's pages share one (sites dealt out in order of their first page), so a
 * page is judged by a model that saw no page of its site. WCXB holds up to 12 pages of one shop;
 * split by page, a model would be judged on a theme it learned, and the held-out figure would
 * promise more than pages of a new site get.
 */
function foldsBySite(pages: LabelledPage[], folds: number): number[] {
  const foldOfSite = new Map<string, number>();
  return pages.map((page) => {
    if (!foldOfSite.has(page.site)) foldOfSite.set(page.site, foldOfSite.size % folds);
    return foldOfSite.get(page.site) as number;
  });
}

/** The page-kind models are small: a page is one row, and the kind shows in a few page-wide figures. */
const PAGE_TYPE_BOOSTING: BoostingOptions = {
  ...DEFAULT_BOOSTING,
  trees: 150,
  depth: 3,
  subsample: 0.8,
  minLeafWeight: 2,
};

/** One model per kind (`PAGE_TYPES`), each against the rest, trained on WCXB's page types. */
function trainPageTypes(pages: LabelledPage[]): TreeModel[] {
  const rows = pages.map((page) => pageVector(page.rows, page.words));
  const weights = pages.map(() => 1);
  return PAGE_TYPES.map((type) =>
    trainBoostedTrees(
      { rows, labels: pages.map((page) => (page.type === type ? 1 : 0)), weights },
      PAGE_VECTOR_NAMES,
      PAGE_TYPE_BOOSTING,
    ),
  );
}

/**
 * A word or pair enters the lexicon when this many sites use it (in content or boilerplate): rarer
 * ones are a site's own. Held out, words alone with 3 or 5 sites scored 0.875, words and pairs with 5
 * or 12 scored 0.876 and with 25 0.875; 12 keeps the lexicon 40% the size of 5.
 */
const LEXICON_MIN_SITES = Number(option('lexicon-sites') ?? 12);

/**
 * What each word says of the blocks it is in: the log ratio of the share of sites that use it in
 * content to the share that use it in boilerplate (each smoothed by one site). Sites, not pages
 * or blocks, are counted, so a shop's template repeated on twelve pages teaches a word once.
 */
function trainLexicon(pages: LabelledPage[]): WordLexicon {
  const sitesOf = { content: new Map<string, Set<string>>(), boilerplate: new Map<string, Set<string>>() };
  const sites = new Set<string>();
  for (const page of pages) {
    if (page.truth.length === 0) continue;
    sites.add(page.site);
    page.blockWords.forEach((block, index) => {
      const usersOf = page.labels[index] === 1 ? sitesOf.content : sitesOf.boilerplate;
      for (const term of lexiconTerms(block)) {
        const users = usersOf.get(term) ?? new Set<string>();
        users.add(page.site);
        usersOf.set(term, users);
      }
    });
  }
  const lexicon: Record<string, number> = {};
  const share = (users: Set<string> | undefined) => ((users?.size ?? 0) + 1) / (sites.size + 2);
  for (const term of new Set([...sitesOf.content.keys(), ...sitesOf.boilerplate.keys()])) {
    const content = sitesOf.content.get(term);
    const boilerplate = sitesOf.boilerplate.get(term);
    if (new Set([...(content ?? []), ...(boilerplate ?? [])]).size < LEXICON_MIN_SITES) continue;
    // The generated model is an object literal, where this key would set the prototype.
    if (term === '__proto__') continue;
    lexicon[term] = Number(Math.log(share(content) / share(boilerplate)).toFixed(3));
  }
  return lexicon;
}

/**
 * The page-kind models and the block classifier, trained on these pages. The classifier learns
 * from kind probabilities as unsure as it will meet them: each training page's come from kind
 * models that never saw its site (an inner cross-validation), not from models that learned its
 * own label, which would answer it with a certainty no new page gets.
 */
function trainExtraction(pages: LabelledPage[], options: BoostingOptions): ExtractionModel {
  const innerFolds = 5;
  const foldOf = foldsBySite(pages, innerFolds);
  const outOfSite = new Map<LabelledPage, { kinds: TreeModel[]; lexicon: WordLexicon }>();
  for (let fold = 0; fold < innerFolds; fold++) {
    const others = pages.filter((_, index) => foldOf[index] !== fold);
    const models = { kinds: trainPageTypes(others), lexicon: trainLexicon(others) };
    pages.forEach((page, index) => {
      if (foldOf[index] === fold) outOfSite.set(page, models);
    });
  }
  const set = trainingSet(pages, (page) => {
    const { kinds, lexicon } = outOfSite.get(page) as { kinds: TreeModel[]; lexicon: WordLexicon };
    return classifierRows(page, kinds, lexicon);
  });
  return {
    pageTypes: trainPageTypes(pages),
    blocks: trainBoostedTrees(set, CLASSIFIER_FEATURE_NAMES, options),
    lexicon: trainLexicon(pages),
  };
}

function crossValidate(pages: LabelledPage[], folds: number, options: BoostingOptions): void {
  const scores = new Map<LabelledPage, number[]>();
  const models: FoldModels = { models: [], foldOf: {} };
  const foldOf = foldsBySite(pages, folds);
  for (let fold = 0; fold < folds; fold++) {
    const model = trainExtraction(
      pages.filter((_, index) => foldOf[index] !== fold),
      options,
    );
    models.models.push(model);
    for (const [index, page] of pages.entries())
      if (foldOf[index] === fold) {
        scores.set(page, scoreBlocks(page, model));
        models.foldOf[page.id] = fold;
      }
    process.stderr.write(`fold ${fold + 1}/${folds} trained\n`);
  }
  const foldModels = option('fold-models');
  if (foldModels) writeFileSync(foldModels, JSON.stringify(models));
  const dump = option('dump');
  if (dump)
    writeFileSync(
      dump,
      JSON.stringify(pages.map((page) => ({ id: page.id, type: page.type, scores: scores.get(page) }))),
    );
  console.log(
    "held-out F1 per page type (blocks' text, before markdown): the blocks keepForBestF1 picks, those at or above one half, the rules alone, the training labels (the ceiling)",
  );
  const rulesKept = FEATURE_NAMES.indexOf('kept by rules');
  for (const type of ['all', ...new Set(pages.map((page) => page.type))]) {
    const ofType = pages.filter((page) => type === 'all' || page.type === type);
    const f1 = (keep: (page: LabelledPage, scores: number[]) => boolean[]) =>
      mean(ofType.map((page) => pageF1(page, keep(page, scores.get(page) ?? [])))).toFixed(3);
    const picked = f1((page, scores) => keepForBestF1(scores, page.words));
    const half = f1((_, scores) => scores.map((score) => score >= 0.5));
    const rules = f1((page) => page.rows.map((row) => row[rulesKept] === 1));
    const labels = f1((page) => page.labels.map((label) => label === 1));
    console.log(
      `  ${type.padEnd(14)} n=${String(ofType.length).padStart(4)}  F1=${picked}  at one half=${half}  rules=${rules}  labels=${labels}`,
    );
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

const pages = readPages();
const options: BoostingOptions = {
  ...DEFAULT_BOOSTING,
  ...(option('trees') ? { trees: Number(option('trees')) } : {}),
  ...(option('depth') ? { depth: Number(option('depth')) } : {}),
  ...(option('rate') ? { learningRate: Number(option('rate')) } : {}),
  ...(option('min-leaf') ? { minLeafWeight: Number(option('min-leaf')) } : {}),
  ...(option('seed') ? { seed: Number(option('seed')) } : {}),
};
const folds = Number(option('folds') ?? 5);
if (folds > 1) crossValidate(pages, folds, options);
if (!flag('dry')) writeModel(trainExtraction(pages, options), options);

function writeModel(model: ExtractionModel, options: BoostingOptions): void {
  const round = (value: number) => Number(value.toPrecision(6));
  const nodes = (tree: TreeModel['trees'][number]) =>
    JSON.stringify(
      tree.map((node) =>
        node.length === 4
          ? [node[0], round(node[1] as number), node[2], node[3]]
          : [round(node[0] as number)],
      ),
    );
  /** One model as a TypeScript object literal, its lines indented by `indent`. */
  const written = (tree: TreeModel, indent: string) =>
    [
      '{',
      '  // The features it was trained on, by name: block-classifier.ts refuses a model whose list differs.',
      `  features: ${JSON.stringify(tree.features)},`,
      `  bias: ${round(tree.bias)},`,
      '  trees: [',
      ...tree.trees.map((each) => `    ${nodes(each)},`),
      '  ],',
      '}',
    ].join(`\n${indent}`);
  const file = join(repoRoot, 'libs/content/src/main-content/block-model.generated.ts');
  writeFileSync(
    file,
    `// Generated by \`npm run train:extraction\` (test/bench/extraction-model) from the WCXB development split:
// the block classifier has ${options.trees} trees of depth ${options.depth}, learning rate ${options.learningRate};
// each page-kind model ${PAGE_TYPE_BOOSTING.trees} of depth ${PAGE_TYPE_BOOSTING.depth}. Do not edit.
import type { ExtractionModel } from './block-classifier.js';

export const EXTRACTION_MODEL: ExtractionModel = {
  // One per kind, in the order of PAGE_TYPES: ${PAGE_TYPES.join(', ')}.
  pageTypes: [
${model.pageTypes.map((tree) => `    ${written(tree, '    ')},`).join('\n')}
  ],
  blocks: ${written(model.blocks, '  ')},
  // Each word's or word pair's log ratio of sites using it in content to sites using it in boilerplate.
  lexicon: {
${Object.entries(model.lexicon)
  .sort(([one], [other]) => (one < other ? -1 : 1))
  .map(([word, ratio]) => `    ${JSON.stringify(word)}: ${ratio},`)
  .join('\n')}
  },
};
`,
  );
  console.log(`wrote ${file}`);
}
