import type { SearchSource } from '#contracts';
import { findHighlights } from '#structured';

/**
 * Search highlights, as the reference service gives them by default: a web result's
 * `description` (a news result's `snippet`) becomes the passages of its page that match the query,
 * separated by a blank line. Without the page's markdown, or a matching passage, the result keeps
 * the engine's text.
 */
export function withHighlights<Result extends Record<string, unknown>>(
  result: Result,
  source: Exclude<SearchSource, 'images'>,
  markdown: string | undefined,
  query: string,
): Result {
  const passages = markdown ? findHighlights(markdown, query) : [];
  if (passages.length === 0) return result;
  return { ...result, [source === 'news' ? 'snippet' : 'description']: passages.join('\n\n') };
}
