import { treeProbabilities } from '#content';
import { DEFAULT_BOOSTING, trainBoostedTrees } from './gradient-boosting.js';

describe('trainBoostedTrees', () => {
  it('learns an interaction of two features that no single split separates, in the format treeProbabilities reads', () => {
    // Content when the text is long AND the link density low; a third feature is noise.
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let index = 0; index < 2000; index++) {
      const text = (index * 7919) % 500;
      const density = ((index * 104729) % 100) / 100;
      rows.push([text, density, (index * 31) % 17]);
      labels.push(text > 200 && density < 0.4 ? 1 : 0);
    }
    const model = trainBoostedTrees(
      { rows, labels, weights: rows.map(() => 1) },
      ['text', 'density', 'noise'],
      {
        ...DEFAULT_BOOSTING,
        trees: 40,
        depth: 3,
      },
    );
    const scores = treeProbabilities(rows, model);
    const correct = scores.filter((score, index) => (score >= 0.5 ? 1 : 0) === labels[index]).length;
    expect(correct / rows.length).toBeGreaterThan(0.98);
    expect(treeProbabilities([[400, 0.1, 3]], model)[0]).toBeGreaterThan(0.9);
    expect(treeProbabilities([[400, 0.8, 3]], model)[0]).toBeLessThan(0.1);
    expect(treeProbabilities([[50, 0.1, 3]], model)[0]).toBeLessThan(0.1);
  });

  it('weighs rows: a heavy row outvotes many light ones with the same features', () => {
    const rows = [[1], [1], [1], [1], [2]];
    const model = trainBoostedTrees({ rows, labels: [1, 0, 0, 0, 0], weights: [10, 1, 1, 1, 1] }, ['x'], {
      ...DEFAULT_BOOSTING,
      subsample: 1,
      minLeafWeight: 0,
      trees: 30,
    });
    expect(treeProbabilities([[1]], model)[0]).toBeGreaterThan(0.5);
    expect(treeProbabilities([[2]], model)[0]).toBeLessThan(0.5);
  });
});
