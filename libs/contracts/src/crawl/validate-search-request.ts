import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import type { ErrorDetail } from '../errors/index.js';
import type { ScrapeRequest } from '../scrape-request/scrape-request.js';
import {
  invalidRequest,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';

/** The body of `POST /v2/search` (Firecrawl v2 names). */
export class SearchRequestDto {
  @IsString() @MinLength(1) @MaxLength(1_000) query!: string;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsArray() sources?: unknown[];
  @IsOptional() @IsArray() categories?: unknown[];
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(100) includeDomains?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(100) excludeDomains?: string[];
  @IsOptional() @IsString() tbs?: string;
  @IsOptional() @IsString() location?: string;
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code' })
  country?: string;
  @IsOptional() @IsBoolean() ignoreInvalidURLs?: boolean;
  @IsOptional() @IsInt() @Min(1_000) @Max(300_000) timeout?: number;
  @IsOptional() @IsBoolean() highlights?: boolean;
  @IsOptional() @IsObject() scrapeOptions?: Record<string, unknown>;
  @IsOptional() @IsArray() enterprise?: unknown[];
  @IsOptional() @IsObject() threatProtection?: Record<string, unknown>;
  @IsOptional() toolDetail?: unknown;
  @IsOptional() @IsBoolean() domainTools?: boolean;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export const SEARCH_SOURCES = ['web', 'news', 'images'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];
export const SEARCH_CATEGORIES = ['github', 'research', 'pdf'] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];
/** Firecrawl's enterprise search modes: end-to-end zero data retention, or anonymized. */
const SEARCH_ENTERPRISE_MODES = ['default', 'anon', 'zdr'] as const;

/** `tbs` read: results of the last `pastMs`, or between two days (either end open). */
export type SearchWindow = { pastMs: number } | { since?: string; until?: string };

export interface ValidSearchRequest {
  query: string;
  limit: number;
  /** Each source answers its own list (`data.web`, `data.news`, `data.images`), up to `limit` each. */
  sources: SearchSource[];
  categories: SearchCategory[];
  window?: SearchWindow;
  includeDomains: string[];
  excludeDomains: string[];
  timeout: number;
  /** Replace results' descriptions with their pages' passages on the query (the default, as the reference service's). */
  highlights: boolean;
  /** Scrape each result with these options (only when formats are asked for). */
  scrapeOptions?: Omit<ScrapeRequest, 'url' | 'sourceUrl'>;
  /**
   * `zdr`: nothing of the search is kept, by Trawl or by the engine; `anon`: Trawl keeps nothing and
   * the engine gets the query without who asked. Either makes the results' scrapes zero data retention.
   */
  retention?: 'zdr' | 'anon';
  /** ISO 3166-1 alpha-2, upper case: results as searchers in that country get them. */
  country?: string;
  /** A place (`San Francisco,California,United States`): searched as from its country. */
  location?: string;
  /** Valid options this build does not implement: refused by name. */
  unsupported: string[];
}

export function validateSearchRequest(body: unknown): Validated<ValidSearchRequest> {
  const parsed = requestDto(SearchRequestDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  const issues: ErrorDetail[] = [];
  if (dto.includeDomains?.length && dto.excludeDomains?.length) {
    issues.push({
      path: ['includeDomains'],
      message: 'includeDomains and excludeDomains cannot both be specified',
    });
  }
  const formats = (dto.scrapeOptions as { formats?: unknown[] } | undefined)?.formats;
  const scrape =
    dto.scrapeOptions && Array.isArray(formats) && formats.length > 0
      ? validateScrapeRequest({ ...dto.scrapeOptions, url: 'http://search.result/' })
      : undefined;
  if (scrape && !scrape.ok) {
    issues.push(...scrape.details.map((detail) => ({ ...detail, path: ['scrapeOptions', ...detail.path] })));
  }
  const sources = namedList('sources', dto.sources, SEARCH_SOURCES, issues);
  const categories = namedList('categories', dto.categories, SEARCH_CATEGORIES, issues);
  const enterprise = namedList('enterprise', dto.enterprise, SEARCH_ENTERPRISE_MODES, issues);
  const retention = enterprise.includes('zdr') ? 'zdr' : enterprise.includes('anon') ? 'anon' : undefined;
  const window = dto.tbs ? searchWindow(dto.tbs) : undefined;
  if (window === null) {
    issues.push({
      path: ['tbs'],
      message:
        'tbs must be qdr:h, qdr:d, qdr:w, qdr:m or qdr:y (a count may follow: qdr:d3) or cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY',
    });
  }
  if (issues.length > 0) return invalidRequest(issues);
  const unsupported = [
    ...(dto.threatProtection ? ['threatProtection'] : []),
    ...(dto.toolDetail !== undefined || dto.domainTools ? ['tools'] : []),
  ];
  let scrapeOptions: ValidSearchRequest['scrapeOptions'];
  if (scrape?.ok) {
    const { url: _url, sourceUrl: _sourceUrl, ...options } = scrape.value;
    scrapeOptions = options;
  }
  return {
    ok: true,
    value: {
      query: dto.query,
      limit: dto.limit ?? 5,
      sources: sources.length > 0 ? [...new Set(sources)] : ['web'],
      categories: [...new Set(categories)],
      ...(window ? { window } : {}),
      includeDomains: dto.includeDomains ?? [],
      excludeDomains: dto.excludeDomains ?? [],
      timeout: dto.timeout ?? 60_000,
      highlights: dto.highlights ?? true,
      ...(retention ? { retention } : {}),
      ...(dto.country ? { country: dto.country.toUpperCase() } : {}),
      ...(dto.location?.trim() ? { location: dto.location.trim() } : {}),
      ...(scrapeOptions ? { scrapeOptions } : {}),
      unsupported,
    },
  };
}

/** `sources` / `categories`: names, or `{type}` objects as the SDK also sends them, among `allowed`. */
function namedList<T extends string>(
  field: string,
  list: unknown[] | undefined,
  allowed: readonly T[],
  issues: ErrorDetail[],
): T[] {
  const names = (list ?? []).map((item) =>
    typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : item,
  );
  names.forEach((name, index) => {
    if (!allowed.includes(name as T))
      issues.push({
        path: [field, index],
        message: `${field}[${index}] must be one of ${allowed.join(', ')}`,
      });
  });
  return names.filter((name): name is T => allowed.includes(name as T));
}

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, m: 31 * 86_400_000, y: 366 * 86_400_000 };

/**
 * Google's `tbs` as Firecrawl passes it on: `qdr:<unit><count?>` (the last hours, days, weeks, months
 * or years) or `cdr:1,cd_min:M/D/YYYY,cd_max:M/D/YYYY` (whole days, in UTC). Null when unreadable.
 */
export function searchWindow(tbs: string): SearchWindow | null {
  const past = /^qdr:([hdwmy])(\d*)$/.exec(tbs.trim());
  if (past) return { pastMs: UNIT_MS[past[1] as keyof typeof UNIT_MS] * Number(past[2] || 1) };
  const parts = tbs.split(',').map((part) => part.trim());
  if (parts[0] !== 'cdr:1' || parts.length < 2) return null;
  const window: { since?: string; until?: string } = {};
  for (const part of parts.slice(1)) {
    const bound = /^cd_(min|max):(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(part);
    if (!bound) return null;
    const [, end, month, day, year] = bound;
    const start = Date.UTC(Number(year), Number(month) - 1, Number(day));
    if (Number.isNaN(start) || new Date(start).getUTCDate() !== Number(day)) return null;
    if (end === 'min') window.since = new Date(start).toISOString();
    else window.until = new Date(start + 86_400_000 - 1).toISOString();
  }
  if (window.since && window.until && window.since > window.until) return null;
  return window;
}
