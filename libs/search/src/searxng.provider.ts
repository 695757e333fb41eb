import type { SearchCategory, SearchSource } from '#contracts';
import {
  CATEGORY_DOMAINS,
  categoryOf,
  domainAllowed,
  inWindow,
  type SearchHit,
  type SearchProvider,
  type SearchQuery,
} from './search-provider.js';

interface SearxngResult {
  url?: string;
  title?: string;
  content?: string;
  publishedDate?: string | null;
  img_src?: string;
  thumbnail?: string;
  resolution?: string;
}

interface SearxngResponse {
  results?: SearxngResult[];
}

/** Result pages asked for at most, when filters drop results from the first ones. */
const MAX_PAGES = 3;

/** SearXNG's category of each Firecrawl source. */
const SEARXNG_CATEGORY: Record<SearchSource, string> = { web: 'general', news: 'news', images: 'images' };

/**
 * SearXNG, the self-hostable metasearch engine, through its JSON API (`/search?q=…&format=json`;
 * the instance must list `json` under `search.formats`). Sources are SearXNG categories;
 * categories become `site:` / `filetype:` terms, and every filter is applied to the results too.
 */
export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng';
  readonly sources = ['web', 'news', 'images'] as const;
  readonly geoTargeted = true;

  constructor(private readonly baseUrl: string) {}

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    const categories = query.categories ?? [];
    const signal = AbortSignal.timeout(query.timeoutMs);
    const range = query.since ? timeRange(query.since) : undefined;
    for (let page = 1; page <= MAX_PAGES && hits.length < query.limit; page++) {
      const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
      url.search = new URLSearchParams({
        q: `${query.query}${categoryTerms(categories)}`,
        format: 'json',
        pageno: String(page),
        ...(query.source && query.source !== 'web' ? { categories: SEARXNG_CATEGORY[query.source] } : {}),
        ...(range ? { time_range: range } : {}),
        ...(query.country ? { language: regionLocale(query.country) } : {}),
      }).toString();
      const body = await this.ask(url, signal);
      const results = body.results ?? [];
      if (results.length === 0) break;
      for (const result of results) {
        if (!result.url || seen.has(result.url)) continue;
        seen.add(result.url);
        if (!domainAllowed(result.url, query.includeDomains, query.excludeDomains)) continue;
        const category = categoryOf(result.url, categories);
        if (categories.length > 0 && !category) continue;
        const hit = hitOf(result, result.url, category);
        if (!inWindow(hit.date, query) || (query.source === 'images' && !hit.imageUrl)) continue;
        hits.push(hit);
        if (hits.length === query.limit) break;
      }
    }
    return hits;
  }

  private async ask(url: URL, signal: AbortSignal): Promise<SearxngResponse> {
    try {
      const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!response.ok)
        throw new SearchProviderError(`SearXNG answered ${response.status} for ${url.pathname}`);
      return (await response.json()) as SearxngResponse;
    } catch (error) {
      if (error instanceof SearchProviderError) throw error;
      throw new SearchProviderError(`SearXNG at ${this.baseUrl} did not answer: ${String(error)}`);
    }
  }
}

/** The provider could not answer (unreachable, bad status, bad JSON). */
export class SearchProviderError extends Error {
  readonly code = 'SEARCH_PROVIDER_ERROR';
  constructor(message: string) {
    super(message);
    this.name = 'SearchProviderError';
  }
}

function hitOf(result: SearxngResult, url: string, category: SearchCategory | undefined): SearchHit {
  const date = result.publishedDate ? new Date(result.publishedDate) : undefined;
  const size = /(\d+)\s*[x×]\s*(\d+)/.exec(result.resolution ?? '');
  const imageUrl = result.img_src || result.thumbnail;
  return {
    url,
    title: result.title ?? '',
    description: result.content ?? '',
    ...(date && !Number.isNaN(date.getTime()) ? { date: date.toISOString() } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    ...(size ? { imageWidth: Number(size[1]), imageHeight: Number(size[2]) } : {}),
    ...(category ? { category } : {}),
  };
}

/** ` (site:github.com OR filetype:pdf)`: what the engines behind SearXNG understand of the categories. */
function categoryTerms(categories: readonly SearchCategory[]): string {
  const terms = categories.flatMap((category) =>
    category === 'pdf' ? ['filetype:pdf'] : CATEGORY_DOMAINS[category].map((domain) => `site:${domain}`),
  );
  return terms.length > 0 ? ` (${terms.join(' OR ')})` : '';
}

/** SearXNG's coarsest `time_range` that still covers the window starting at `since` (none past a year). */
function timeRange(since: string): string | undefined {
  const days = (Date.now() - Date.parse(since)) / 86_400_000;
  if (days <= 1) return 'day';
  if (days <= 7) return 'week';
  if (days <= 31) return 'month';
  return days <= 365 ? 'year' : undefined;
}

/**
 * SearXNG's `language` for a country: the region's most likely language with the region
 * (`CH` → `de-CH`, `US` → `en-US`, by CLDR's likely subtags), which its engines read as the market.
 */
export function regionLocale(country: string): string {
  const region = country.toUpperCase();
  return `${new Intl.Locale('und', { region }).maximize().language}-${region}`;
}
