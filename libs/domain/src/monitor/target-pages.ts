import { type CrawlError, type PageSnapshot, pageKey } from '#contracts';
import { canonicalCrawlUrl, similarUrlKey } from '../crawl/crawl-url.js';

/** One page a check looks at, whichever kind of target named it. */
export interface PageToCheck {
  targetId: string;
  url: string;
  /** Scrape options of its own scrape; unused when the target's crawl already scraped it. */
  scrapeOptions?: Record<string, unknown>;
  /** What the target's crawl got for it: its document, or its error. */
  crawled?: { scrapeId: string; documentBlob: string } | { error: string };
  /** Crawl targets: `hidden` when the crawl no longer reached a page known from earlier checks. */
  visibility?: 'visible' | 'hidden';
  /**
   * Judged against the goal when first seen, not only when it changes: every search result, and a page
   * a crawl finds after the target's first check (a new product, a new post).
   */
  judgeWhenNew?: boolean;
}

/**
 * The pages of a crawl target at one check: every page the crawl reached (scraped or failed), then
 * the pages earlier checks knew under this target that the crawl did not reach, to be checked
 * directly (a 404 there makes them `removed`). Once the target has a baseline, a page it never knew is
 * news and judged when new; at the first check every page is new, so none is.
 */
export function crawlTargetPages(
  target: { id: string; scrapeOptions?: Record<string, unknown> },
  crawl: { scraped: { scrapeId: string; url: string; documentBlob: string }[]; errors: CrawlError[] },
  baselines: Record<string, PageSnapshot>,
): PageToCheck[] {
  const prefix = pageKey(target.id, '');
  const knownUrls = new Set(
    Object.keys(baselines)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length)),
  );
  const judgedWhenNew = (url: string) =>
    knownUrls.size > 0 && !knownUrls.has(url) ? { judgeWhenNew: true } : {};
  const reached: PageToCheck[] = [
    ...crawl.scraped.map(({ url, scrapeId, documentBlob }) => ({
      targetId: target.id,
      url,
      crawled: { scrapeId, documentBlob },
      visibility: 'visible' as const,
      ...judgedWhenNew(url),
    })),
    ...crawl.errors.map(({ url, code, error }) => ({
      targetId: target.id,
      url,
      crawled: { error: `${code}: ${error}` },
      visibility: 'visible' as const,
    })),
  ];
  const reachedUrls = new Set(reached.map((page) => page.url));
  const hidden = [...knownUrls]
    .filter((url) => !reachedUrls.has(url))
    .map((url) => ({
      targetId: target.id,
      url,
      ...(target.scrapeOptions ? { scrapeOptions: target.scrapeOptions } : {}),
      visibility: 'hidden' as const,
    }));
  return [...reached, ...hidden];
}

/**
 * The pages of a search target at one check: the results of every query in order, one per
 * canonical URL, at most `maxResults`.
 */
export function searchTargetPages(
  target: { id: string; maxResults: number },
  resultsPerQuery: { url: string }[][],
): PageToCheck[] {
  const pages: PageToCheck[] = [];
  const seen = new Set<string>();
  for (const hit of resultsPerQuery.flat()) {
    const url = canonicalCrawlUrl(hit.url, { ignoreQueryParameters: false });
    if (!url || seen.has(similarUrlKey(url))) continue;
    seen.add(similarUrlKey(url));
    pages.push({ targetId: target.id, url, judgeWhenNew: true });
    if (pages.length === target.maxResults) break;
  }
  return pages;
}

/** A page's markdown as the diff a judge reads when the page is new: every line added. */
export function asAddedLines(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => `+${line}`)
    .join('\n');
}
