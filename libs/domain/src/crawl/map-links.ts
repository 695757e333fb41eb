import { baseDomain, canonicalCrawlUrl, similarUrlKey } from './crawl-url.js';

export interface MapSelection {
  startUrl: string;
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  /**
   * Keep URLs whose path, query, own subdomain or known title has a word beginning with any of its
   * words, those with more of them first.
   */
  search?: string;
  /** Keep only URLs below the start URL's path (`/docs/` keeps `/docs/api`), as Firecrawl's map does by default. */
  filterByPath: boolean;
  limit: number;
  /** The title a URL's page is known by (from an earlier scrape), keyed by `similarUrlKey`. */
  titles?: ReadonlyMap<string, string>;
}

/**
 * `POST /v2/map`'s answer from the URLs found (start page links, sitemaps): the site's own URLs
 * (below the start URL's path, unless `filterByPath` is off), canonical, each page once, filtered and
 * ranked by `search`, at most `limit`.
 */
export function selectMapLinks(candidates: string[], selection: MapSelection): string[] {
  const start = new URL(selection.startUrl);
  const domain = baseDomain(start.hostname);
  const below = selection.filterByPath && start.pathname !== '/' ? start.pathname : undefined;
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const candidate of [selection.startUrl, ...candidates]) {
    const url = canonicalCrawlUrl(candidate, { ignoreQueryParameters: selection.ignoreQueryParameters });
    if (!url) continue;
    const { hostname, port, pathname } = new URL(url);
    const onSite =
      (hostname === start.hostname ||
        (selection.includeSubdomains && (hostname === domain || hostname.endsWith(`.${domain}`)))) &&
      port === start.port &&
      (!below || pathname.startsWith(below));
    const key = similarUrlKey(url);
    if (!onSite || seen.has(key)) continue;
    seen.add(key);
    urls.push(url);
  }
  const words = wordsOf(selection.search ?? '');
  if (words.length === 0) return urls.slice(0, selection.limit);
  return urls
    .map((url, index) => {
      const title = selection.titles?.get(similarUrlKey(url)) ?? '';
      const text = wordsOf(`${searchable(url, start.hostname, domain)} ${title}`);
      const hits = words.filter((word) => text.some((own) => own.startsWith(word))).length;
      return { url, index, hits };
    })
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, selection.limit)
    .map((entry) => entry.url);
}

/**
 * The words of a search or an address, lower-cased: a search word finds the words it begins
 * (`helmet` finds `bike-helmets`), not any text it is part of (a lone `b` does not find `/about`).
 */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * What search words are looked for in: the part of an address that tells the site's pages apart (a
 * subdomain of its own, the path and query, decoded), not the scheme and host every link shares,
 * where `2` would find every page of 127.0.0.1 and `example` every page of example.com.
 */
function searchable(url: string, startHost: string, domain: string): string {
  const { hostname, pathname, search } = new URL(url);
  const own = hostname !== startHost && hostname !== domain;
  const subdomain = own && hostname.endsWith(`.${domain}`) ? hostname.slice(0, -domain.length - 1) : '';
  let path = pathname + search;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: the address as written.
  }
  return `${subdomain} ${path}`.toLowerCase();
}
