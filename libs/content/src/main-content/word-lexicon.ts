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
  const terms: string[] = [];
  eachTerm(words, (term) => terms.push(term));
  return terms;
}

/** `lexiconTerms` one by one, without gathering them: blocks are read for every page converted. */
function eachTerm(words: readonly string[], read: (term: string) => void): void {
  for (const word of words) read(word);
  for (let at = 1; at < words.length; at++) read(`${words[at - 1]} ${words[at]}`);
}

/** The words a block opens with: a button's or a label's whole text, a sentence's subject. */
const OPENING_WORDS = 3;

/** Each block's `LEXICON_FEATURE_NAMES`, from its words; words the lexicon does not know say nothing. */
export function lexiconFeatures(
  blockWords: readonly (readonly string[])[],
  lexicon: WordLexicon,
): number[][] {
  const ratioOf = ratioLookup(lexicon);
  return blockWords.map((words) => {
    let sum = 0;
    let known = 0;
    let least = 0;
    let most = 0;
    // Each distinct term once, as the trainer counts them (only known ones need counting).
    const counted = new Set<string>();
    eachTerm(words, (term) => {
      const ratio = ratioOf.get(term);
      if (ratio === undefined || counted.has(term)) return;
      counted.add(term);
      sum += ratio;
      known++;
      least = Math.min(least, ratio);
      most = Math.max(most, ratio);
    });
    let opening = 0;
    let openingKnown = 0;
    for (const word of words.slice(0, OPENING_WORDS)) {
      const ratio = ratioOf.get(word);
      if (ratio === undefined) continue;
      opening += ratio;
      openingKnown++;
    }
    return [known === 0 ? 0 : sum / known, least, most, openingKnown === 0 ? 0 : opening / openingKnown];
  });
}

/**
 * The lexicon as a Map, built once per lexicon: its own keys only ("constructor" is a word too),
 * and a Map of 27,000 words answers faster than an object literal of them.
 */
const lookups = new WeakMap<WordLexicon, ReadonlyMap<string, number>>();
function ratioLookup(lexicon: WordLexicon): ReadonlyMap<string, number> {
  let lookup = lookups.get(lexicon);
  if (!lookup) {
    lookup = new Map(Object.entries(lexicon));
    lookups.set(lexicon, lookup);
  }
  return lookup;
}
