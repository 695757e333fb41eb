/**
 * A trained model of gradient-boosted decision trees for a yes/no question about a row of
 * features: `npm run train:extraction` writes the block classifier's and the page-kind models to
 * `block-model.generated.ts`. A tree is a list of nodes: a split `[feature, threshold, left, right]`
 * (go left when the feature is below the threshold) or a leaf `[value]`; node 0 is the root.
 */
export interface TreeModel {
  features: readonly string[];
  bias: number;
  trees: ReadonlyArray<ReadonlyArray<readonly number[]>>;
}

/** The probability of a yes for each row. */
export function treeProbabilities(rows: number[][], model: TreeModel): number[] {
  return treeMargins(rows, model).map((margin) => 1 / (1 + Math.exp(-margin)));
}

/** The model's log-odds for each row: the bias plus the leaf each tree sends the row to. */
export function treeMargins(rows: number[][], model: TreeModel): number[] {
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

const forests = new WeakMap<TreeModel, Forest>();
function compiled(model: TreeModel): Forest {
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
