import { Bm25, blocksOf, sentencesOf, terms } from '../text/passages.js';

export interface HighlightOptions {
  /** At most this many passages. */
  maxPassages?: number;
}

/**
 * The page's passages most relevant to the query, verbatim (sentences of the page, with
 * markdown syntax removed), best first. Passages that share none of the query's content words
 * are never returned, so an unrelated query gives an empty list.
 */
export function findHighlights(markdown: string, query: string, options: HighlightOptions = {}): string[] {
  const blocks = blocksOf(markdown);
  const sentences = sentencesOf(blocks).filter(
    (sentence) => !sentence.isHeading && !blocks[sentence.block]?.isTableHeader && sentence.text.length > 20,
  );
  const queryTerms = terms(query);
  if (sentences.length === 0 || queryTerms.length === 0) return [];
  const bm25 = new Bm25(sentences.map((sentence) => sentence.text));
  const ranked = sentences
    .map((sentence, index) => ({
      text: sentence.text,
      score: bm25.score(queryTerms, index) * (0.5 + bm25.coverage(queryTerms, index)),
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  if (ranked.length === 0) return [];
  // Passages far below the best one are noise, not highlights.
  const floor = ranked[0].score * 0.35;
  return ranked
    .filter((entry) => entry.score >= floor)
    .slice(0, options.maxPassages ?? 3)
    .map((entry) => entry.text);
}
