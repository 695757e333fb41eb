import { domainAllowed, type SearchHit, type SearchProvider, type SearchQuery } from './search-provider.js';

interface SearxngResponse {
  results?: { url?: string; title?: string; content?: string }[];
}

/** Result pages asked for at most, when domain filters drop results from the first ones. */
const MAX_PAGES = 3;

/**
 * SearXNG, the self-hostable metasearch engine, through its JSON API (`/search?q=…&format=json`;
 * the instance must list `json` under `search.formats`). Domain filters are applied to the results.
 */
export class SearxngProvider implements SearchProvider {
  readonly name = 'searxng';

  constructor(private readonly baseUrl: string) {}

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    const signal = AbortSignal.timeout(query.timeoutMs);
    for (let page = 1; page <= MAX_PAGES && hits.length < query.limit; page++) {
      const url = new URL('search', this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`);
      url.search = new URLSearchParams({
        q: query.query,
        format: 'json',
        pageno: String(page),
        ...(query.since ? { time_range: timeRange(query.since) } : {}),
      }).toString();
      const body = await this.ask(url, signal);
      const results = body.results ?? [];
      if (results.length === 0) break;
      for (const result of results) {
        if (!result.url || seen.has(result.url)) continue;
        seen.add(result.url);
        if (!domainAllowed(result.url, query.includeDomains, query.excludeDomains)) continue;
        hits.push({ url: result.url, title: result.title ?? '', description: result.content ?? '' });
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

/** SearXNG's coarsest `time_range` that still covers the window starting at `since`. */
function timeRange(since: string): string {
  const days = (Date.now() - Date.parse(since)) / 86_400_000;
  if (days <= 1) return 'day';
  if (days <= 7) return 'week';
  return days <= 31 ? 'month' : 'year';
}
