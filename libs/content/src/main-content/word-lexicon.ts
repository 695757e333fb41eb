/**
 * What a block's words say about it. Boilerplate speaks a vocabulary of its own on every site
 * ("add to cart", "subscribe", "all rights reserved", "sign in", "share"), and content another
 * ("however", "said", "ingredients"); class names and structure miss it when a theme names
 * nothing. The lexicon holds, per word and pair of adjacent words, how much more often sites use
 * it in content than in boilerplate (a log ratio learned from WCXB, counting sites, not pages, so
 * one shop's template cannot teach a word), and a block reads the ratios of its words and pairs.
 */
export type WordLexicon = Readonly<Record<string, number>>;

export const LEXICON_FEATURE_NAMES = [
  'words say content',
  'most boilerplate word',
  'most content word',
  'opening words say content',
] as const;

/** Words as the benchmark splits them: runs of Unicode letters, digits and underscores, lower-cased. */
export const lexiconWords = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** A block's words and its pairs of adjacent words ("add to", "to cart"): what the lexicon may know. */
export function lexiconTerms(words: readonly string[]): string[] {
  return [...words, ...words.slice(1).map((word, index) => `${words[index]} ${word}`)];
}

/** The words a block opens with: a button's or a label's whole text, a sentence's subject. */
const OPENING_WORDS = 3;

/** Each block's `LEXICON_FEATURE_NAMES`, from its words; words the lexicon does not know say nothing. */
export function lexiconFeatures(
  blockWords: readonly (readonly string[])[],
  lexicon: WordLexicon,
): number[][] {
  return blockWords.map((words) => {
    const known = ratios([...new Set(lexiconTerms(words))], lexicon);
    return [
      mean(known),
      known.reduce((least, ratio) => Math.min(least, ratio), 0),
      known.reduce((most, ratio) => Math.max(most, ratio), 0),
      mean(ratios(words.slice(0, OPENING_WORDS), lexicon)),
    ];
  });
}

/** The ratios of the words the lexicon knows (own keys only: "constructor" is a word too). */
const ratios = (words: readonly string[], lexicon: WordLexicon) =>
  words.filter((word) => Object.hasOwn(lexicon, word)).map((word) => lexicon[word] as number);

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
