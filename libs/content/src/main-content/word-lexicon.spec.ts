import { EXTRACTION_MODEL } from './block-model.generated.js';
import { LEXICON_FEATURE_NAMES, lexiconFeatures, lexiconTerms, lexiconWords } from './word-lexicon.js';

const lexicon = { add: -0.5, 'add to': -1.5, cart: -2, recipe: 1.2, simmer: 1.6, reviews: -1 };

/** One feature of each block, by name. */
const feature = (rows: number[][], name: (typeof LEXICON_FEATURE_NAMES)[number]) =>
  rows.map((row) => row[LEXICON_FEATURE_NAMES.indexOf(name)] as number);

describe('what a block’s words say', () => {
  it('reads words as the benchmark splits them, and their adjacent pairs', () => {
    expect(lexiconWords('Add to Cart — £4.99!')).toEqual(['add', 'to', 'cart', '4', '99']);
    expect(lexiconTerms(['add', 'to', 'cart'])).toEqual(['add', 'to', 'cart', 'add to', 'to cart']);
  });

  it('averages the ratios of the words and pairs the lexicon knows, and keeps the extremes', () => {
    const rows = lexiconFeatures(
      [
        ['add', 'to', 'cart'],
        ['simmer', 'the', 'recipe', 'gently'],
        ['unknown', 'words', 'only'],
      ],
      lexicon,
    );
    expect(rows.every((row) => row.length === LEXICON_FEATURE_NAMES.length)).toBe(true);
    expect(feature(rows, 'words say content')).toEqual([(-0.5 - 1.5 - 2) / 3, (1.6 + 1.2) / 2, 0]);
    expect(feature(rows, 'most boilerplate word')).toEqual([-2, 0, 0]);
    expect(feature(rows, 'most content word')).toEqual([0, 1.6, 0]);
    expect(feature(rows, 'opening words say content')).toEqual([(-0.5 - 2) / 2, (1.6 + 1.2) / 2, 0]);
  });

  it('counts each term once, and knows a pair whose words it does not know alone', () => {
    const [row] = lexiconFeatures([['to', 'cart', 'to', 'cart', 'now']], { 'to cart': -2, now: 1 });
    expect(row).toEqual([(-2 + 1) / 2, -2, 1, 0]);
  });

  it('reads only words the lexicon holds, not what every object inherits', () => {
    const [row] = lexiconFeatures([['constructor', 'tostring']], lexicon);
    expect(row?.[0]).toBe(0);
  });

  it('ships a lexicon that tells shop buttons from prose', () => {
    const [button, prose] = lexiconFeatures(
      [lexiconWords('Add to cart'), lexiconWords('However, the river was said to have flooded the valley.')],
      EXTRACTION_MODEL.lexicon,
    );
    expect(button?.[0]).toBeLessThan(0);
    expect(prose?.[0]).toBeGreaterThan(0);
  });
});
