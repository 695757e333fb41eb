import { blocksOf } from './passages.js';

describe('blocksOf', () => {
  it('reads a list in a table cell, written as lines, as its items without their marks', () => {
    const markdown =
      '| Fish | Notes | Price |\n| - | - | - |\n| Cod | - White fish<br>- Cold water | 1. Whole<br>2. Filleted |';
    const [, row] = blocksOf(markdown);
    expect(row?.text).toBe('Cod | White fish Cold water | Whole Filleted');
    expect(row?.row?.cells).toEqual(['Cod', 'White fish Cold water', 'Whole Filleted']);
  });

  it('reads a hard line break as the space a reader sees, not as the backslash markdown writes', () => {
    const [block] = blocksOf('Artisan blown glass\\\nMade by artists, not machines.');
    expect(block?.text).toBe('Artisan blown glass Made by artists, not machines.');
  });
});
