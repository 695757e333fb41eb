import { FEATURE_NAMES } from './block-features.js';
import { BLOCK_MODEL } from './block-model.generated.js';

/**
 * A trained model of gradient-boosted decision trees: `npm run train:extraction` writes it to
 * `block-model.generated.ts` from the WCXB development split. A tree is a list of nodes: a split
 * `[feature, threshold, left, right]` (go left when the feature is below the threshold) or a leaf
 * `[value]`; node 0 is the root.
 */
export interface BlockModel {
  features: readonly string[];
  bias: number;
  /** The probability at and above which a block is kept (chosen by cross-validation). */
  threshold: number;
  trees: ReadonlyArray<ReadonlyArray<readonly number[]>>;
}

if (BLOCK_MODEL.features.join('|') !== FEATURE_NAMES.join('|'))
  throw new Error('block-model.generated.ts was trained on other features: run npm run train:extraction');

export const KEEP_THRESHOLD = BLOCK_MODEL.threshold;

/** The probability that each block (a row of features) is main content. */
export function scoreBlocks(rows: number[][], model: BlockModel = BLOCK_MODEL): number[] {
  return rows.map((row) => {
    let score = model.bias;
    for (const tree of model.trees) score += leafValue(tree, row);
    return 1 / (1 + Math.exp(-score));
  });
}

function leafValue(tree: ReadonlyArray<readonly number[]>, row: number[]): number {
  let node = tree[0] as readonly number[];
  while (node.length === 4) {
    const [feature, threshold, left, right] = node as [number, number, number, number];
    node = tree[(row[feature] as number) < threshold ? left : right] as readonly number[];
  }
  return node[0] as number;
}
