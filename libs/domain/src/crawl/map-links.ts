import { baseDomain, canonicalCrawlUrl, similarUrlKey } from './crawl-url.js';

export interface MapSelection {
  startUrl: string;
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  /** Keep URLs containing any of its words, those matching more words first. */
  search?: string;
  limit: number;
}

/**
 * `POST /v2/map`'s answer from the URLs found (start page links, sitemaps): the site's own URLs,
 * canonical, each page once, filtered and ranked by `search`, at most `limit`.
 */
export function selectMapLinks(candidates: string[], selection: MapSelection): string[] {
  const start = new URL(selection.startUrl);
  const domain = baseDomain(start.hostname);
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const candidate of [selection.startUrl, ...candidates]) {
    const url = canonicalCrawlUrl(candidate, { ignoreQueryParameters: selection.ignoreQueryParameters });
    if (!url) continue;
    const { hostname, port } = new URL(url);
    const onSite =
      (hostname === start.hostname ||
        (selection.includeSubdomains && (hostname === domain || hostname.endsWith(`.${domain}`)))) &&
      port === start.port;
    const key = similarUrlKey(url);
    if (!onSite || seen.has(key)) continue;
    seen.add(key);
    urls.push(url);
  }
  const words = (selection.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return urls.slice(0, selection.limit);
  return urls
    .map((url, index) => ({
      url,
      index,
      hits: words.filter((word) => url.toLowerCase().includes(word)).length,
    }))
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .slice(0, selection.limit)
    .map((entry) => entry.url);
}
