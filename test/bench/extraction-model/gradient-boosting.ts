import { type TreeModel, treeMargins } from '#content';

/**
 * Gradient-boosted decision trees for a binary label with logistic loss, histogram-based (every
 * feature cut into at most `bins` quantile bins), Newton leaf values, row subsampling. Small and
 * exact enough for ~300k blocks × ~60 features in well under a minute; it writes the tree format
 * that `treeProbabilities` reads.
 */
export interface BoostingOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Share of rows each tree sees. */
  subsample: number;
  /** L2 regularisation of leaf values. */
  lambda: number;
  /** Least hessian (weight) a leaf must hold. */
  minLeafWeight: number;
  bins: number;
  seed: number;
}

export const DEFAULT_BOOSTING: BoostingOptions = {
  trees: 200,
  depth: 6,
  learningRate: 0.1,
  subsample: 0.7,
  lambda: 1,
  minLeafWeight: 0.5,
  bins: 64,
  seed: 1,
};

export interface TrainingSet {
  rows: number[][];
  labels: number[];
  weights: number[];
}

export function trainBoostedTrees(
  data: TrainingSet,
  featureNames: readonly string[],
  options: BoostingOptions = DEFAULT_BOOSTING,
): TreeModel {
  const n = data.rows.length;
  const featureCount = featureNames.length;
  const cuts = featureNames.map((_, feature) =>
    quantileCuts(
      data.rows.map((row) => row[feature] as number),
      options.bins,
    ),
  );
  const binned = cuts.map((featureCuts, feature) => {
    const column = new Uint8Array(n);
    for (let row = 0; row < n; row++)
      column[row] = upperBound(featureCuts, data.rows[row]?.[feature] as number);
    return column;
  });
  const labels = Float64Array.from(data.labels);
  const weights = Float64Array.from(data.weights);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const positive = labels.reduce((sum, label, row) => sum + label * (weights[row] as number), 0);
  const prior = Math.min(0.99, Math.max(0.01, positive / totalWeight));
  const bias = Math.log(prior / (1 - prior));
  const margin = new Float64Array(n).fill(bias);
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n);
  const random = mulberry32(options.seed);
  const trees: number[][][] = [];
  const stride = options.bins + 1;
  const half = featureCount * stride;

  for (let round = 0; round < options.trees; round++) {
    for (let row = 0; row < n; row++) {
      const p = 1 / (1 + Math.exp(-(margin[row] as number)));
      const weight = weights[row] as number;
      gradient[row] = (p - (labels[row] as number)) * weight;
      hessian[row] = Math.max(p * (1 - p), 1e-6) * weight;
    }
    const sampled: number[] = [];
    for (let row = 0; row < n; row++) if (random() < options.subsample) sampled.push(row);
    const nodes: number[][] = [];
    /** Grows the node of `rows`, whose histogram is given (counted, or the parent's minus the sibling's). */
    const grow = (rows: number[], histogram: Float64Array, depth: number): number => {
      const at = nodes.length;
      nodes.push([]);
      let sumG = 0;
      let sumH = 0;
      for (const row of rows) {
        sumG += gradient[row] as number;
        sumH += hessian[row] as number;
      }
      const split = depth < options.depth ? bestSplit(histogram, sumG, sumH) : undefined;
      if (!split) {
        nodes[at] = [(-sumG / (sumH + options.lambda)) * options.learningRate];
        return at;
      }
      const column = binned[split.feature] as Uint8Array;
      const left = rows.filter((row) => (column[row] as number) <= split.bin);
      const right = rows.filter((row) => (column[row] as number) > split.bin);
      let leftHistogram = histogram;
      let rightHistogram = histogram;
      if (depth + 1 < options.depth) {
        // Only the smaller child is counted; the larger one's histogram is the parent's minus it.
        const leftIsSmaller = left.length <= right.length;
        const counted = histogramOf(leftIsSmaller ? left : right);
        const rest = histogram.map((value, index) => value - (counted[index] as number));
        [leftHistogram, rightHistogram] = leftIsSmaller ? [counted, rest] : [rest, counted];
      }
      const leftAt = grow(left, leftHistogram, depth + 1);
      const rightAt = grow(right, rightHistogram, depth + 1);
      nodes[at] = [split.feature, (cuts[split.feature] as number[])[split.bin] as number, leftAt, rightAt];
      return at;
    };
    /** Sums of gradient and hessian per feature and bin: G at `feature * stride + bin`, H after all G. */
    const histogramOf = (rows: number[]) => {
      const histogram = new Float64Array(featureCount * stride * 2);
      for (let feature = 0; feature < featureCount; feature++) {
        const column = binned[feature] as Uint8Array;
        const base = feature * stride;
        for (const row of rows) {
          const at = base + (column[row] as number);
          histogram[at] += gradient[row] as number;
          histogram[half + at] += hessian[row] as number;
        }
      }
      return histogram;
    };
    const bestSplit = (histogram: Float64Array, sumG: number, sumH: number) => {
      const parentScore = (sumG * sumG) / (sumH + options.lambda);
      let best: { feature: number; bin: number; gain: number } | undefined;
      for (let feature = 0; feature < featureCount; feature++) {
        const featureCuts = cuts[feature] as number[];
        let leftG = 0;
        let leftH = 0;
        for (let bin = 0; bin < featureCuts.length; bin++) {
          leftG += histogram[feature * stride + bin] as number;
          leftH += histogram[half + feature * stride + bin] as number;
          const rightH = sumH - leftH;
          if (leftH < options.minLeafWeight || rightH < options.minLeafWeight) continue;
          const rightG = sumG - leftG;
          const gain =
            (leftG * leftG) / (leftH + options.lambda) +
            (rightG * rightG) / (rightH + options.lambda) -
            parentScore;
          if (gain > (best?.gain ?? 1e-9)) best = { feature, bin, gain };
        }
      }
      return best;
    };
    grow(sampled, histogramOf(sampled), 0);
    const added = treeMargins(data.rows, { features: featureNames, bias: 0, trees: [nodes] });
    for (let row = 0; row < n; row++) margin[row] += added[row] as number;
    trees.push(nodes);
  }
  return { features: featureNames, bias, trees };
}

/** Distinct cut points so that each bin holds about the same number of values. */
function quantileCuts(values: number[], bins: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const cuts: number[] = [];
  for (let bin = 1; bin < bins; bin++) {
    const value = sorted[Math.floor((bin * sorted.length) / bins)] as number;
    // Only distinct cuts: a run of equal values stays in one bin.
    if (value > (cuts.at(-1) ?? (sorted[0] as number))) cuts.push(value);
  }
  return cuts;
}

/** The number of cuts at or below `value`: its bin. */
function upperBound(cuts: number[], value: number): number {
  let low = 0;
  let high = cuts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((cuts[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
