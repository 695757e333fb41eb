import { createHash } from 'node:crypto';
import type { SearchCategory } from '#contracts';
import { categoryOf, domainAllowed, type SearchHit, type SearchQuery } from './search-provider.js';

/** What the local search index keeps of a scraped page (KV value). */
export interface IndexedPage {
  url: string;
  title: string;
  description: string;
  /** The page's markdown, cut to `MAX_INDEXED_TEXT` characters. */
  text: string;
  scrapedAt: string;
}

export const SEARCH_INDEX_READ_MODEL = 'search_index';
export const MAX_INDEXED_TEXT = 50_000;

/** KV key of a page: per team, so a team's keys can be listed with the filter `<teamId>.>`. */
export function indexKey(teamId: string, url: string): string {
  return `${teamId}.${createHash('sha256').update(url).digest('hex').slice(0, 40)}`;
}

/** The index entry of a scraped document, or null when it has nothing to search. */
export function indexedPageOf(
  document: { markdown?: string; metadata?: { title?: unknown; description?: unknown; url?: unknown } },
  url: string,
  scrapedAt: string,
): IndexedPage | null {
  const text = (document.markdown ?? '').slice(0, MAX_INDEXED_TEXT);
  const title = typeof document.metadata?.title === 'string' ? document.metadata.title : '';
  if (!text && !title) return null;
  const description = typeof document.metadata?.description === 'string' ? document.metadata.description : '';
  return { url, title, description, text, scrapedAt };
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Full-text ranking of the pages Trawl scraped: every query word must occur (in the title, the
 * description or the text); title hits weigh most; term counts are damped (1 + log), longer pages
 * do not win by length alone. The description is the page's own, or the text around the first hit.
 */
export function rankIndexedPages(
  pages: IndexedPage[],
  query: string,
  options: Pick<
    SearchQuery,
    'limit' | 'includeDomains' | 'excludeDomains' | 'since' | 'until' | 'categories'
  >,
): SearchHit[] {
  const categories = options.categories ?? [];
  const terms = [...new Set(words(query))];
  if (terms.length === 0) return [];
  const scored: { page: IndexedPage; score: number; category?: SearchCategory }[] = [];
  for (const page of pages) {
    if (!domainAllowed(page.url, options.includeDomains, options.excludeDomains)) continue;
    // A page's date here is when the team scraped it: the index knows no publication dates.
    if (options.since && page.scrapedAt < options.since) continue;
    if (options.until && page.scrapedAt > options.until) continue;
    const category = categories.length > 0 ? categoryOf(page.url, categories) : undefined;
    if (categories.length > 0 && !category) continue;
    const title = count(words(page.title));
    const body = count(words(`${page.description} ${page.text}`));
    const length = Math.max(
      1,
      [...body.values()].reduce((a, b) => a + b, 0),
    );
    let score = 0;
    for (const term of terms) {
      const inTitle = title.get(term) ?? 0;
      const inBody = body.get(term) ?? 0;
      if (inTitle + inBody === 0) {
        score = 0;
        break;
      }
      score += 3 * inTitle + (1 + Math.log(1 + inBody)) / Math.log(10 + length);
    }
    if (score > 0) scored.push({ page, score, category });
  }
  return scored
    .sort((a, b) => b.score - a.score || b.page.scrapedAt.localeCompare(a.page.scrapedAt))
    .slice(0, options.limit)
    .map(({ page, category }) => ({
      url: page.url,
      title: page.title,
      description: page.description || snippet(page.text, terms),
      ...(category ? { category } : {}),
    }));
}

function count(list: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

function snippet(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((term) => lower.indexOf(term)).filter((index) => index >= 0));
  const start = Number.isFinite(at) ? Math.max(0, at - 80) : 0;
  return text
    .slice(start, start + 240)
    .replace(/[#*_`>[\]]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
