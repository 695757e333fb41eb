import { createHash } from 'node:crypto';
import type { SearchCategory } from '#contracts';
import { plainText, terms } from '#structured';
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

/**
 * What the index holds for a page once `page` is met beside its entry: the newer scrape's, with the
 * older one's text when the newer holds none (a scrape for json or a screenshot alone has no
 * markdown, and says nothing about the text), in whatever order a replay meets them.
 */
export function newestEntry(current: IndexedPage | undefined, page: IndexedPage): IndexedPage {
  if (!current) return page;
  const [newer, older] = current.scrapedAt >= page.scrapedAt ? [current, page] : [page, current];
  return newer.text || !older.text ? newer : { ...newer, text: older.text };
}

/**
 * How many of a query's n content words a page must hold: all of one or two, three quarters
 * (rounded down) of more, as search engines match, so "nimbus wool throw price" finds the throw's
 * page though it never says "price". Words in double quotes must all occur.
 */
const wordsNeeded = (n: number) => (n <= 2 ? n : Math.floor(n * 0.75));

/**
 * Full-text ranking of the pages Trawl scraped: most content words of the query must occur (in the
 * title, the description or the text; see wordsNeeded), compared by stem so that "tides" finds "tide"
 * and "harbours" "harbour", while function words ("the", "of") need not occur. Pages holding more of
 * the words rank first, then title hits weigh most; term counts are damped (1 + log), longer pages do
 * not win by length alone. The description is the page's own, or the text around the first hit.
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
  const wanted = [...new Set(terms(query))];
  if (wanted.length === 0) return [];
  const quoted = new Set(terms([...query.matchAll(/"([^"]+)"/g)].map((match) => match[1]).join(' ')));
  const needed = wordsNeeded(wanted.length);
  const scored: { page: IndexedPage; matched: number; score: number; category?: SearchCategory }[] = [];
  for (const page of pages) {
    if (!domainAllowed(page.url, options.includeDomains, options.excludeDomains)) continue;
    // A page's date here is when the team scraped it: the index knows no publication dates.
    if (options.since && page.scrapedAt < options.since) continue;
    if (options.until && page.scrapedAt > options.until) continue;
    const category = categories.length > 0 ? categoryOf(page.url, categories) : undefined;
    if (categories.length > 0 && !category) continue;
    const title = count(terms(page.title));
    const body = count(terms(`${page.description} ${page.text}`));
    const length = Math.max(
      1,
      [...body.values()].reduce((a, b) => a + b, 0),
    );
    let score = 0;
    let matched = 0;
    let missesQuoted = false;
    for (const term of wanted) {
      const inTitle = title.get(term) ?? 0;
      const inBody = body.get(term) ?? 0;
      if (inTitle + inBody === 0) {
        missesQuoted ||= quoted.has(term);
        continue;
      }
      matched += 1;
      score += 3 * inTitle + (1 + Math.log(1 + inBody)) / Math.log(10 + length);
    }
    if (matched >= needed && !missesQuoted) scored.push({ page, matched, score, category });
  }
  return scored
    .sort(
      (a, b) =>
        b.matched - a.matched || b.score - a.score || b.page.scrapedAt.localeCompare(a.page.scrapedAt),
    )
    .slice(0, options.limit)
    .map(({ page, category }) => ({
      url: page.url,
      title: page.title,
      description: page.description || snippet(page.text, new Set(wanted)),
      ...(category ? { category } : {}),
    }));
}

function count(list: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** A table's delimiter row (`| - | :-: |`): markup, not text. */
const TABLE_DELIMITER = /^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm;

/** About 240 characters of the page's text around its first wanted word, without markdown syntax. */
function snippet(markdown: string, wanted: ReadonlySet<string>): string {
  const text = plainText(markdown.replace(TABLE_DELIMITER, '')).replace(/(?:\s*\|)+\s*/g, ' ');
  let start = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (wanted.has(terms(word[0])[0] ?? '')) {
      // From the first space at most 80 characters before it: never half a word.
      const from = Math.max(0, word.index - 80);
      const space = from === 0 ? 0 : text.slice(from - 1, word.index).search(/\s/);
      start = space < 0 ? word.index : from + space;
      break;
    }
  }
  return text.slice(start, start + 240).trim();
}
