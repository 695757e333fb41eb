import { type TreeModel, treeProbabilities } from './tree-model.js';

describe('treeProbabilities', () => {
  it('adds the leaf of every tree to the bias and answers the probability, left when below the threshold', () => {
    const model: TreeModel = {
      features: ['text', 'link density'],
      bias: -1,
      trees: [
        // text < 50 → -2, else (link density < 0.5 → +3, else -1)
        [[0, 50, 1, 2], [-2], [1, 0.5, 3, 4], [3], [-1]],
        [[0.5]],
      ],
    };
    const [short, prose, links, edge] = treeProbabilities(
      [
        [10, 0],
        [200, 0.1],
        [200, 0.9],
        [50, 0.5],
      ],
      model,
    );
    const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
    expect(short).toBeCloseTo(sigmoid(-1 - 2 + 0.5));
    expect(prose).toBeCloseTo(sigmoid(-1 + 3 + 0.5));
    expect(links).toBeCloseTo(sigmoid(-1 - 1 + 0.5));
    // Equal to the threshold goes right.
    expect(edge).toBeCloseTo(sigmoid(-1 - 1 + 0.5));
  });
});
