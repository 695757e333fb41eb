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
  trees: ReadonlyArray<ReadonlyArray<readonly number[]>>;
}

/**
 * The shipped model, checked on first use (not on import: the trainer loads this module while the
 * model it replaces still lists the old features).
 */
function shippedModel(): BlockModel {
  if (BLOCK_MODEL.features.join('|') !== FEATURE_NAMES.join('|'))
    throw new Error('block-model.generated.ts was trained on other features: run npm run train:extraction');
  return BLOCK_MODEL;
}

/** The probability that each block (a row of features) is main content. */
export function scoreBlocks(rows: number[][], model: BlockModel = shippedModel()): number[] {
  return blockMargins(rows, model).map((margin) => 1 / (1 + Math.exp(-margin)));
}

/** The model's log-odds for each row: the bias plus the leaf each tree sends the row to. */
export function blockMargins(rows: number[][], model: BlockModel): number[] {
  const forest = compiled(model);
  return rows.map((row) => {
    let margin = model.bias;
    for (const root of forest.roots) {
      let node = root;
      while (forest.feature[node] !== LEAF) {
        node =
          (row[forest.feature[node] as number] as number) < (forest.threshold[node] as number)
            ? (forest.left[node] as number)
            : (forest.right[node] as number);
      }
      margin += forest.threshold[node] as number;
    }
    return margin;
  });
}

const LEAF = -1;

/** The trees flattened into typed arrays once (a leaf keeps its value where a split keeps its threshold). */
interface Forest {
  roots: number[];
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
}

const forests = new WeakMap<BlockModel, Forest>();
function compiled(model: BlockModel): Forest {
  const known = forests.get(model);
  if (known) return known;
  const size = model.trees.reduce((sum, tree) => sum + tree.length, 0);
  const forest: Forest = {
    roots: [],
    feature: new Int32Array(size),
    threshold: new Float64Array(size),
    left: new Int32Array(size),
    right: new Int32Array(size),
  };
  let offset = 0;
  for (const tree of model.trees) {
    forest.roots.push(offset);
    tree.forEach((node, index) => {
      const at = offset + index;
      if (node.length === 4) {
        const [feature, threshold, left, right] = node as [number, number, number, number];
        forest.feature[at] = feature;
        forest.threshold[at] = threshold;
        forest.left[at] = offset + left;
        forest.right[at] = offset + right;
      } else {
        forest.feature[at] = LEAF;
        forest.threshold[at] = node[0] as number;
      }
    });
    offset += tree.length;
  }
  forests.set(model, forest);
  return forest;
}
