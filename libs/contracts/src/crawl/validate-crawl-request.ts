import 'reflect-metadata';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { ErrorDetail } from '../errors/index.js';
import type { ScrapeRequest } from '../scrape-request/scrape-request.js';
import {
  invalidRequest,
  normaliseUrl,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';
import { isUuid } from '../validation/uuid.js';
import type { CrawlOptions } from './crawl-events.js';
import { type CrawlWebhook, validateCrawlWebhook } from './crawl-webhook.js';

export const CRAWL_DEFAULTS = {
  limit: 10_000,
  maxConcurrency: 10,
  robotsUserAgent: 'TrawlBot',
  maxBatchUrls: 1_000,
  mapLimit: 5_000,
  maxMapLimit: 100_000,
} as const;

/** The body of `POST /v2/crawl` (Firecrawl v2 names). */
export class CrawlRequestDto {
  @IsString() @MaxLength(8_192) url!: string;
  /** What to crawl in words; a model turns it into the options below (explicit ones win). */
  @IsOptional() @IsString() @MaxLength(10_000) prompt?: string | null;
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(100) includePaths?: string[] | null;
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(100) excludePaths?: string[] | null;
  @IsOptional() @IsBoolean() regexOnFullURL?: boolean;
  @IsOptional() @IsInt() @Min(0) maxDiscoveryDepth?: number | null;
  @IsOptional() @IsIn(['skip', 'include', 'only']) sitemap?: 'skip' | 'include' | 'only';
  @IsOptional() @IsBoolean() ignoreQueryParameters?: boolean;
  @IsOptional() @IsBoolean() deduplicateSimilarURLs?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(100_000) limit?: number | null;
  @IsOptional() @IsBoolean() crawlEntireDomain?: boolean;
  @IsOptional() @IsBoolean() allowExternalLinks?: boolean;
  @IsOptional() @IsBoolean() allowSubdomains?: boolean;
  @IsOptional() @IsBoolean() ignoreRobotsTxt?: boolean;
  @IsOptional() @IsString() @MaxLength(256) robotsUserAgent?: string | null;
  @IsOptional() @IsNumber() @Min(0) @Max(60) delay?: number | null;
  @IsOptional() @IsInt() @Min(1) @Max(100) maxConcurrency?: number | null;
  @IsOptional() webhook?: unknown;
  @IsOptional() @IsObject() scrapeOptions?: Record<string, unknown> | null;
  @IsOptional() @IsBoolean() zeroDataRetention?: boolean;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export interface ValidCrawlRequest {
  url: string;
  options: CrawlOptions;
  scrapeRequest: ScrapeRequest;
  webhook?: CrawlWebhook;
  /** Still to be turned into options (`crawlBodyWithPromptOptions`) before the crawl starts. */
  prompt?: string;
}

/** Validates a `POST /v2/crawl` body and applies Firecrawl's defaults. */
export function validateCrawlRequest(body: unknown): Validated<ValidCrawlRequest> {
  const dto = requestDto(CrawlRequestDto, body);
  if (!dto.ok) return dto;
  const { value } = dto;
  const issues: ErrorDetail[] = [];
  for (const field of ['includePaths', 'excludePaths'] as const) {
    (value[field] ?? []).forEach((pattern, index) => {
      if (!isRegex(pattern))
        issues.push({
          path: [field, index],
          message: `${field}[${index}] is not a valid regular expression`,
        });
    });
  }
  // The crawl's own `zeroDataRetention` (the SDK's) makes each of its pages a zero-data-retention scrape.
  const zeroDataRetention = value.zeroDataRetention ? { zeroDataRetention: true } : {};
  const scrape = validateScrapeRequest({
    ...(value.scrapeOptions ?? {}),
    ...zeroDataRetention,
    url: value.url,
  });
  if (scrape.ok && scrape.value.zeroDataRetention) issues.push(...heldJobIssues({ webhook: value.webhook }));
  if (!scrape.ok) {
    issues.push(
      ...scrape.details.map((detail) => ({
        path: detail.path[0] === 'url' ? detail.path : ['scrapeOptions', ...detail.path],
        message: detail.message,
      })),
    );
  }
  const webhook = value.webhook != null ? validateCrawlWebhook(value.webhook) : undefined;
  if (webhook && !webhook.ok) issues.push(...webhook.issues);
  if (issues.length > 0 || !scrape.ok || (webhook && !webhook.ok)) return invalidRequest(issues);
  return {
    ok: true,
    value: {
      url: scrape.value.url,
      scrapeRequest: scrape.value,
      ...(webhook ? { webhook: webhook.webhook } : {}),
      ...(value.prompt ? { prompt: value.prompt } : {}),
      options: {
        includePaths: value.includePaths ?? [],
        excludePaths: value.excludePaths ?? [],
        regexOnFullURL: value.regexOnFullURL ?? false,
        ...(value.maxDiscoveryDepth != null ? { maxDiscoveryDepth: value.maxDiscoveryDepth } : {}),
        limit: value.limit ?? CRAWL_DEFAULTS.limit,
        sitemap: value.sitemap ?? 'include',
        ignoreQueryParameters: value.ignoreQueryParameters ?? false,
        deduplicateSimilarURLs: value.deduplicateSimilarURLs ?? true,
        crawlEntireDomain: value.crawlEntireDomain ?? false,
        allowExternalLinks: value.allowExternalLinks ?? false,
        allowSubdomains: value.allowSubdomains ?? false,
        ignoreRobotsTxt: value.ignoreRobotsTxt ?? false,
        robotsUserAgent: value.robotsUserAgent ?? CRAWL_DEFAULTS.robotsUserAgent,
        delay: value.delay ?? 0,
        maxConcurrency: value.maxConcurrency ?? CRAWL_DEFAULTS.maxConcurrency,
      },
    },
  };
}

/** The crawl options a model may derive from a crawl's `prompt` (Firecrawl's params preview lists the same). */
export const PROMPT_CRAWL_OPTIONS = [
  'includePaths',
  'excludePaths',
  'maxDiscoveryDepth',
  'crawlEntireDomain',
  'allowExternalLinks',
  'allowSubdomains',
  'sitemap',
  'ignoreQueryParameters',
  'deduplicateSimilarURLs',
  'limit',
] as const;

/**
 * A crawl body with the options generated from its prompt: what the client set explicitly wins,
 * as in Firecrawl; the prompt itself is spent. Validate the result again: a model may propose
 * what the client could not send (an invalid pattern).
 */
export function crawlBodyWithPromptOptions(
  body: Record<string, unknown>,
  generated: Record<string, unknown>,
): Record<string, unknown> {
  const explicit = Object.entries(body).filter(([key, value]) => key !== 'prompt' && value != null);
  const proposed = Object.entries(generated).filter(
    ([key, value]) => (PROMPT_CRAWL_OPTIONS as readonly string[]).includes(key) && value != null,
  );
  return { ...Object.fromEntries(proposed), ...Object.fromEntries(explicit) };
}

/** The body of `POST /v2/crawl/params-preview`. */
export class CrawlParamsPreviewDto {
  @IsString() @MaxLength(8_192) url!: string;
  @IsString() @MaxLength(10_000) prompt!: string;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateCrawlParamsPreview(body: unknown): Validated<CrawlParamsPreviewDto> {
  const dto = requestDto(CrawlParamsPreviewDto, body);
  if (!dto.ok) return dto;
  const url = normaliseUrl(dto.value.url);
  if (!url) return invalidRequest([{ path: ['url'], message: 'url must be a valid http or https URL' }]);
  if (!dto.value.prompt.trim())
    return invalidRequest([{ path: ['prompt'], message: 'prompt must say what to crawl' }]);
  return { ok: true, value: { ...dto.value, url } };
}

/** The body of `POST /v2/batch/scrape`: `urls` plus the scrape options at the top level. */
export interface ValidBatchScrapeRequest {
  urls: string[];
  invalidURLs: string[];
  maxConcurrency: number;
  scrapeRequest: ScrapeRequest;
  webhook?: CrawlWebhook;
  /** The batch scrape these URLs are added to, instead of starting a new one. */
  appendToId?: string;
}

const BATCH_ONLY_FIELDS = ['urls', 'webhook', 'appendToId', 'ignoreInvalidURLs', 'maxConcurrency'] as const;

export function validateBatchScrapeRequest(body: unknown): Validated<ValidBatchScrapeRequest> {
  if (!isObject(body))
    return invalidRequest([{ path: [], message: 'The request body must be a JSON object' }]);
  const { urls, webhook, appendToId, ignoreInvalidURLs, maxConcurrency, ...scrapeOptions } = body as Record<
    (typeof BATCH_ONLY_FIELDS)[number],
    unknown
  > &
    Record<string, unknown>;
  const issues: ErrorDetail[] = [];
  if (!Array.isArray(urls) || urls.length === 0 || urls.some((url) => typeof url !== 'string')) {
    return invalidRequest([{ path: ['urls'], message: 'urls must be a non-empty list of URLs' }]);
  }
  if (urls.length > CRAWL_DEFAULTS.maxBatchUrls) {
    issues.push({ path: ['urls'], message: `at most ${CRAWL_DEFAULTS.maxBatchUrls} urls per batch` });
  }
  if (ignoreInvalidURLs !== undefined && typeof ignoreInvalidURLs !== 'boolean') {
    issues.push({ path: ['ignoreInvalidURLs'], message: 'ignoreInvalidURLs must be a boolean' });
  }
  if (
    maxConcurrency !== undefined &&
    !(
      Number.isInteger(maxConcurrency) &&
      (maxConcurrency as number) >= 1 &&
      (maxConcurrency as number) <= 100
    )
  ) {
    issues.push({ path: ['maxConcurrency'], message: 'maxConcurrency must be an integer from 1 to 100' });
  }
  const valid: string[] = [];
  const invalidURLs: string[] = [];
  (urls as string[]).forEach((url, index) => {
    const normalised = normaliseUrl(url);
    if (normalised) valid.push(normalised);
    else if (ignoreInvalidURLs) invalidURLs.push(url);
    else issues.push({ path: ['urls', index], message: `urls[${index}] must be a valid http or https URL` });
  });
  if (valid.length === 0 && issues.length === 0) {
    issues.push({ path: ['urls'], message: 'urls holds no valid URL' });
  }
  if (appendToId != null) issues.push(...appendIssues(appendToId, { webhook, maxConcurrency }));
  const scrape = validateScrapeRequest({ ...scrapeOptions, url: valid[0] ?? 'http://invalid.invalid' });
  if (!scrape.ok) issues.push(...scrape.details);
  else if (scrape.value.zeroDataRetention) issues.push(...heldJobIssues({ webhook, appendToId }));
  const hook = webhook != null ? validateCrawlWebhook(webhook) : undefined;
  if (hook && !hook.ok) issues.push(...hook.issues);
  if (issues.length > 0 || !scrape.ok || (hook && !hook.ok)) return invalidRequest(issues);
  return {
    ok: true,
    value: {
      urls: valid,
      invalidURLs,
      maxConcurrency: (maxConcurrency as number | undefined) ?? CRAWL_DEFAULTS.maxConcurrency,
      scrapeRequest: scrape.value,
      ...(hook ? { webhook: hook.webhook } : {}),
      ...(appendToId != null ? { appendToId: appendToId as string } : {}),
    },
  };
}

/**
 * A zero-data-retention (or lockdown) crawl or batch lives in one api's memory: webhook deliveries
 * are stored until they succeed, and appending needs a stored batch.
 */
function heldJobIssues(jobFields: Record<string, unknown>): ErrorDetail[] {
  return Object.entries(jobFields)
    .filter(([, value]) => value != null)
    .map(([field]) => ({
      path: [field],
      message: `${field} cannot be combined with zeroDataRetention (or lockdown): nothing of the job is stored`,
    }));
}

/** `appendToId` names a batch by its id; the batch keeps its own webhook and concurrency. */
function appendIssues(appendToId: unknown, batchFields: Record<string, unknown>): ErrorDetail[] {
  if (typeof appendToId !== 'string' || !isUuid(appendToId)) {
    return [{ path: ['appendToId'], message: 'appendToId must be the id of a batch scrape' }];
  }
  return Object.entries(batchFields)
    .filter(([, value]) => value != null)
    .map(([field]) => ({
      path: [field],
      message: `${field} cannot be changed when appending to a batch scrape: the batch keeps its own`,
    }));
}

/** The body of `POST /v2/map`. */
export class MapRequestDto {
  @IsString() @MaxLength(8_192) url!: string;
  @IsOptional() @IsString() @MaxLength(1_000) search?: string;
  @IsOptional() @IsIn(['skip', 'include', 'only']) sitemap?: 'skip' | 'include' | 'only';
  @IsOptional() @IsBoolean() includeSubdomains?: boolean;
  @IsOptional() @IsBoolean() ignoreQueryParameters?: boolean;
  /** Only URLs below the URL's path (default true, as Firecrawl's map); false: the whole site. */
  @IsOptional() @IsBoolean() filterByPath?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(CRAWL_DEFAULTS.maxMapLimit) limit?: number;
  @IsOptional() @IsInt() @Min(1_000) @Max(300_000) timeout?: number;
  @IsOptional() @IsObject() location?: Record<string, unknown>;
  /** Firecrawl's sitemap cache; Trawl keeps none, so every map reads the sitemaps as they are now. */
  @IsOptional() @IsBoolean() ignoreCache?: boolean;
  @IsOptional() @IsObject() threatProtection?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export interface ValidMapRequest {
  url: string;
  /** Valid, but refused (geo-targeted discovery is not built). */
  location?: Record<string, unknown>;
  /** Valid, but refused (the reference service's hosted threat scanning). */
  threatProtection?: Record<string, unknown>;
  search?: string;
  sitemap: 'skip' | 'include' | 'only';
  includeSubdomains: boolean;
  ignoreQueryParameters: boolean;
  filterByPath: boolean;
  limit: number;
  timeout: number;
}

export function validateMapRequest(body: unknown): Validated<ValidMapRequest> {
  const dto = requestDto(MapRequestDto, body);
  if (!dto.ok) return dto;
  const { value } = dto;
  const url = normaliseUrl(value.url);
  if (!url) return invalidRequest([{ path: ['url'], message: 'url must be a valid http or https URL' }]);
  return {
    ok: true,
    value: {
      url,
      ...(value.location ? { location: value.location } : {}),
      ...(value.threatProtection ? { threatProtection: value.threatProtection } : {}),
      ...(value.search ? { search: value.search } : {}),
      sitemap: value.sitemap ?? 'include',
      includeSubdomains: value.includeSubdomains ?? true,
      ignoreQueryParameters: value.ignoreQueryParameters ?? true,
      filterByPath: value.filterByPath ?? true,
      limit: value.limit ?? CRAWL_DEFAULTS.mapLimit,
      timeout: value.timeout ?? 30_000,
    },
  };
}

/**
 * An extract job's pages are stored scrapes (events, documents, cache entries), so zero data
 * retention cannot hold for them, nor lockdown, which implies it: refused by name rather than
 * broken. (A crawl or batch scrape with them is held in memory instead: ZeroRetentionJobs.)
 */
export function retainedPagesRefused(request: ScrapeRequest, prefix: string): string[] {
  if (request.lockdown) return [`${prefix}lockdown`];
  return request.zeroDataRetention ? [`${prefix}zeroDataRetention`] : [];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
