import type { SearchCategory, SearchSource } from '#contracts';

/** One result, in the fields Firecrawl's `data.web[]`, `data.news[]` and `data.images[]` name. */
export interface SearchHit {
  url: string;
  title: string;
  description: string;
  /** When the engine says the result was published (news, some web results), ISO-8601. */
  date?: string;
  /** An image result's file, or a news result's picture. */
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
  /** The asked-for category the result belongs to. */
  category?: SearchCategory;
}

export interface SearchQuery {
  /** The team asking: the local provider searches only this team's pages. */
  teamId: string;
  query: string;
  limit: number;
  includeDomains: string[];
  excludeDomains: string[];
  timeoutMs: number;
  /** `web` unless said otherwise; a provider answers only the sources it lists. */
  source?: SearchSource;
  /** Only results of these categories (none: any). */
  categories?: SearchCategory[];
  /** Only results from this instant on (a search monitor's window, `tbs`). */
  since?: string;
  /** Only results up to this instant (`tbs` with `cd_max`). */
  until?: string;
  /** Results as searchers in this country (ISO 3166-1 alpha-2) get them; only providers that can say so take it. */
  country?: string;
}

/** The port every search provider implements (SearXNG, the local index, …). */
export interface SearchProvider {
  readonly name: string;
  readonly sources: readonly SearchSource[];
  /** Whether it can search as from a country (`country`). */
  readonly geoTargeted: boolean;
  search(query: SearchQuery): Promise<SearchHit[]>;
}

/** `includeDomains` / `excludeDomains`: a domain matches itself and its subdomains. */
export function domainAllowed(url: string, include: string[], exclude: string[]): boolean {
  const host = hostOf(url);
  if (host === undefined) return false;
  if (exclude.some((domain) => onDomain(host, domain))) return false;
  return include.length === 0 || include.some((domain) => onDomain(host, domain));
}

/**
 * The sites each category searches, as Firecrawl's categories do: GitHub, and academic
 * publishers and preprint servers for research.
 */
export const CATEGORY_DOMAINS: Readonly<Record<Exclude<SearchCategory, 'pdf'>, readonly string[]>> = {
  github: ['github.com'],
  research: [
    'arxiv.org',
    'biorxiv.org',
    'medrxiv.org',
    'pubmed.ncbi.nlm.nih.gov',
    'ncbi.nlm.nih.gov',
    'scholar.google.com',
    'semanticscholar.org',
    'researchgate.net',
    'nature.com',
    'science.org',
    'sciencedirect.com',
    'springer.com',
    'ieeexplore.ieee.org',
    'dl.acm.org',
    'jstor.org',
    'plos.org',
    'ssrn.com',
  ],
};

/** The first asked-for category a result belongs to (a PDF by its address), or undefined. */
export function categoryOf(url: string, categories: readonly SearchCategory[]): SearchCategory | undefined {
  const host = hostOf(url);
  if (host === undefined) return undefined;
  return categories.find((category) =>
    category === 'pdf'
      ? /\.pdf$/i.test(new URL(url).pathname)
      : CATEGORY_DOMAINS[category].some((domain) => onDomain(host, domain)),
  );
}

/** Whether a result dated `date` lies in the window; an undated result cannot be placed, so it stays. */
export function inWindow(date: string | undefined, window: Pick<SearchQuery, 'since' | 'until'>): boolean {
  if (!date) return true;
  return (!window.since || date >= window.since) && (!window.until || date <= window.until);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function onDomain(host: string, domain: string): boolean {
  const d = domain.toLowerCase().replace(/^\*?\./, '');
  return host === d || host.endsWith(`.${d}`);
}
