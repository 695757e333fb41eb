import { keepForBestF1 } from './block-selection.js';

describe('keepForBestF1', () => {
  it('keeps an unsure block when nothing on the page is surer, and drops it beside sure content', () => {
    // A short post among much chrome: its block is the best bet there is.
    expect(keepForBestF1([0.35, 0.1, 0.05], [50, 400, 300])).toEqual([true, false, false]);
    // The same block beside a long, surely-content article only dilutes it.
    expect(keepForBestF1([0.95, 0.35, 0.05], [600, 50, 300])).toEqual([true, false, false]);
  });

  it('keeps every likely block of a page that is mostly content, short ones included', () => {
    expect(keepForBestF1([0.9, 0.6, 0.8, 0.2], [300, 5, 200, 100])).toEqual([true, true, true, false]);
  });

  it('never keeps a block less probable than one it drops', () => {
    const probabilities = Array.from({ length: 200 }, (_, index) => ((index * 7919) % 1000) / 1000);
    const words = Array.from({ length: 200 }, (_, index) => 1 + ((index * 104729) % 97));
    const keep = keepForBestF1(probabilities, words);
    const lowestKept = Math.min(...probabilities.filter((_, index) => keep[index]));
    const highestDropped = Math.max(...probabilities.filter((_, index) => !keep[index]));
    expect(lowestKept).toBeGreaterThanOrEqual(highestDropped);
    expect(keep.filter(Boolean).length).toBeGreaterThan(0);
    expect(keep.filter(Boolean).length).toBeLessThan(200);
  });

  it('keeps nothing of an empty page', () => {
    expect(keepForBestF1([], [])).toEqual([]);
  });
});
