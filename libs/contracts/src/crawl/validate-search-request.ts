import { plainToInstance } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import type { ErrorDetail } from '../errors/index.js';
import type { ScrapeRequest } from '../scrape-request/scrape-request.js';
import { type Validated, validateScrapeRequest } from '../scrape-request/validate-scrape-request.js';
import { unreadableKeys } from '../validation/unreadable-keys.js';

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
  @IsOptional() @IsString() country?: string;
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

export interface ValidSearchRequest {
  query: string;
  limit: number;
  includeDomains: string[];
  excludeDomains: string[];
  timeout: number;
  /** Scrape each result with these options (only when formats are asked for). */
  scrapeOptions?: Omit<ScrapeRequest, 'url' | 'sourceUrl'>;
  /** Valid options this build does not implement: refused by name. */
  unsupported: string[];
}

export function validateSearchRequest(body: unknown): Validated<ValidSearchRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid([{ path: [], message: 'The request body must be a JSON object' }]);
  }
  const unreadable = unreadableKeys(body);
  if (unreadable.length > 0) return invalid(unreadable);
  const dto = plainToInstance(SearchRequestDto, body);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  const issues: ErrorDetail[] = errors.flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => ({ path: [error.property], message })),
  );
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
  if (issues.length > 0) return invalid(issues);
  const sources = (dto.sources ?? []).map((source) =>
    typeof source === 'object' && source !== null ? (source as { type?: unknown }).type : source,
  );
  const unsupported = [
    ...sources.filter((source) => source !== 'web').map((source) => `sources.${String(source)}`),
    ...(dto.categories?.length ? ['categories'] : []),
    ...(dto.tbs ? ['tbs'] : []),
    ...(dto.location ? ['location'] : []),
    ...(dto.country ? ['country'] : []),
    ...(dto.highlights ? ['highlights'] : []),
    ...(dto.enterprise?.length ? ['enterprise'] : []),
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
      includeDomains: dto.includeDomains ?? [],
      excludeDomains: dto.excludeDomains ?? [],
      timeout: dto.timeout ?? 60_000,
      ...(scrapeOptions ? { scrapeOptions } : {}),
      unsupported,
    },
  };
}

function invalid(details: ErrorDetail[]): Validated<never> {
  return { ok: false, error: details[0]?.message ?? 'Invalid request', details };
}
