/** One web result as Firecrawl's `data.web[]` names it. */
export interface SearchHit {
  url: string;
  title: string;
  description: string;
}

export interface SearchQuery {
  /** The team asking: the local provider searches only this team's pages. */
  teamId: string;
  query: string;
  limit: number;
  includeDomains: string[];
  excludeDomains: string[];
  timeoutMs: number;
  /** Only results from this instant on (a search monitor's window). */
  since?: string;
}

/** The port every search provider implements (SearXNG, the local index, …). */
export interface SearchProvider {
  readonly name: string;
  search(query: SearchQuery): Promise<SearchHit[]>;
}

/** `includeDomains` / `excludeDomains`: a domain matches itself and its subdomains. */
export function domainAllowed(url: string, include: string[], exclude: string[]): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  const matches = (domain: string) => {
    const d = domain.toLowerCase().replace(/^\*?\./, '');
    return host === d || host.endsWith(`.${d}`);
  };
  if (exclude.some(matches)) return false;
  return include.length === 0 || include.some(matches);
}
