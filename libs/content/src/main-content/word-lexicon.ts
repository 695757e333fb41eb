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
  const byWord = lookup(lexicon);
  return blockWords.map((words) => {
    let sum = 0;
    let known = 0;
    let least = 0;
    let most = 0;
    // Each distinct term once, as the trainer counts them, in the order of `lexiconTerms`.
    const counted = new Set<Term>();
    const count = (term: Term | undefined) => {
      if (term?.ratio === undefined || counted.has(term)) return;
      counted.add(term);
      sum += term.ratio;
      known++;
      least = Math.min(least, term.ratio);
      most = Math.max(most, term.ratio);
    };
    // Each word looked up once: its term also opens its pairs and may be an opening word.
    const terms = words.map((word) => byWord.get(word));
    for (const term of terms) count(term);
    for (let at = 1; at < words.length; at++) count(terms[at - 1]?.pairs?.get(words[at] as string));
    let opening = 0;
    let openingKnown = 0;
    for (const term of terms.slice(0, OPENING_WORDS)) {
      const ratio = term?.ratio;
      if (ratio === undefined) continue;
      opening += ratio;
      openingKnown++;
    }
    return [known === 0 ? 0 : sum / known, least, most, openingKnown === 0 ? 0 : opening / openingKnown];
  });
}

/** A word or pair the lexicon may know: its ratio, and for a word the pairs it opens. */
interface Term {
  ratio?: number;
  pairs?: Map<string, Term>;
}

/**
 * The lexicon by word, built once per lexicon: its own keys only ("constructor" is a word too). A
 * pair is found from its first word, so reading a block builds no string for each pair of its words.
 */
const lookups = new WeakMap<WordLexicon, ReadonlyMap<string, Term>>();
function lookup(lexicon: WordLexicon): ReadonlyMap<string, Term> {
  let byWord = lookups.get(lexicon);
  if (byWord) return byWord;
  const words = new Map<string, Term>();
  const termOf = (terms: Map<string, Term>, word: string) => {
    let term = terms.get(word);
    if (!term) {
      term = {};
      terms.set(word, term);
    }
    return term;
  };
  for (const [key, ratio] of Object.entries(lexicon)) {
    const [first, second] = key.split(' ') as [string, string | undefined];
    const word = termOf(words, first);
    if (second === undefined) word.ratio = ratio;
    else {
      word.pairs ??= new Map();
      termOf(word.pairs, second).ratio = ratio;
    }
  }
  byWord = words;
  lookups.set(lexicon, byWord);
  return byWord;
}
