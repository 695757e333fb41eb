import { blocksOf } from './passages.js';

describe('blocksOf', () => {
  it('reads a list in a table cell, written as lines, as its items without their marks', () => {
    const markdown =
      '| Fish | Notes | Price |\n| - | - | - |\n| Cod | - White fish<br>- Cold water | 1. Whole<br>2. Filleted |';
    const [, row] = blocksOf(markdown);
    expect(row?.text).toBe('Cod | White fish Cold water | Whole Filleted');
    expect(row?.row?.cells).toEqual(['Cod', 'White fish Cold water', 'Whole Filleted']);
  });
});
