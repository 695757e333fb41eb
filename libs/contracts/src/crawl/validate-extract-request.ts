import { ArrayMaxSize, IsArray, IsBoolean, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ErrorDetail } from '../errors/index.js';
import type { ScrapeRequest } from '../scrape-request/scrape-request.js';
import {
  invalidRequest,
  normaliseUrl,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';
import { retainedPagesRefused } from './validate-crawl-request.js';

/** Pages one extract job reads at most, wildcards expanded. */
export const MAX_EXTRACT_URLS = 100;

/** The body of `POST /v2/extract` (Firecrawl v2 names). */
export class ExtractRequestDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_EXTRACT_URLS)
  @IsString({ each: true })
  urls?: string[];
  @IsOptional() @IsString() @MaxLength(10_000) prompt?: string;
  @IsOptional() @IsObject() schema?: Record<string, unknown>;
  @IsOptional() @IsBoolean() showSources?: boolean;
  @IsOptional() @IsBoolean() ignoreInvalidURLs?: boolean;
  @IsOptional() @IsObject() scrapeOptions?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(10_000) systemPrompt?: string;
  @IsOptional() @IsBoolean() allowExternalLinks?: boolean;
  @IsOptional() @IsBoolean() enableWebSearch?: boolean;
  @IsOptional() @IsObject() agent?: Record<string, unknown>;
  @IsOptional() webhook?: unknown;
  @IsOptional() @IsObject() threatProtection?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

/** A URL to read, or with `/*` every page of the site below its path. */
export interface ExtractTarget {
  url: string;
  wildcard: boolean;
}

export interface ValidExtractRequest {
  targets: ExtractTarget[];
  invalidURLs: string[];
  /** Each page's scrape: the json format with the job's schema and prompt, plus `scrapeOptions`. */
  scrapeRequest: ScrapeRequest;
  /** Neither a schema nor a prompt a local method can follow: only a model answers it. */
  promptOnly: boolean;
  /** `enableWebSearch`: the web's results for this (the prompt) are read too. */
  webSearchQuery?: string;
  /** Pages read at most (MAX_EXTRACT_URLS). */
  maxPages: number;
  /** Credits the job may spend at most (an agent's `maxCredits`): its pages are capped to what they buy. */
  maxCredits?: number;
  /** Set for an agent run (`POST /v2/agent`): listed by `GET /v2/agent`. */
  agent?: boolean;
  /** An agent run not held to its URLs (`strictConstrainToURLs`): it follows links to what it still lacks. */
  followLinks?: boolean;
  showSources: boolean;
  /** Valid options this build does not implement: refused by name. */
  unsupported: string[];
}

export function validateExtractRequest(body: unknown): Validated<ValidExtractRequest> {
  const parsed = requestDto(ExtractRequestDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  const issues: ErrorDetail[] = [];
  if (!dto.schema && !dto.prompt?.trim()) {
    issues.push({ path: ['prompt'], message: 'extract needs a schema or a prompt' });
  }
  if (dto.scrapeOptions && 'formats' in dto.scrapeOptions) {
    issues.push({
      path: ['scrapeOptions', 'formats'],
      message: 'extract scrapes every page for the json format: scrapeOptions.formats cannot be set',
    });
  }
  const targets: ExtractTarget[] = [];
  const invalidURLs: string[] = [];
  if (dto.enableWebSearch && !dto.prompt?.trim()) {
    issues.push({
      path: ['prompt'],
      message: 'enableWebSearch searches the web for the prompt: a prompt is required',
    });
  }
  (dto.urls ?? []).forEach((raw, index) => {
    const wildcard = raw.endsWith('/*');
    const url = normaliseUrl(wildcard ? raw.slice(0, -2) : raw);
    if (url) targets.push({ url, wildcard });
    else if (dto.ignoreInvalidURLs) invalidURLs.push(raw);
    else issues.push({ path: ['urls', index], message: `urls[${index}] must be a valid http or https URL` });
  });
  if (targets.length === 0 && !dto.enableWebSearch && issues.length === 0)
    issues.push({
      path: ['urls'],
      message: 'urls holds no valid URL (or set enableWebSearch to find pages)',
    });
  const json = {
    type: 'json',
    ...(dto.schema ? { schema: dto.schema } : {}),
    ...(dto.prompt ? { prompt: dto.prompt } : {}),
  };
  const scrape = validateScrapeRequest({
    ...dto.scrapeOptions,
    formats: [json],
    url: targets[0]?.url ?? 'http://invalid.invalid',
  });
  if (!scrape.ok) {
    issues.push(
      ...scrape.details.map((detail) => ({
        path: detail.path[0] === 'formats' ? ['schema'] : ['scrapeOptions', ...detail.path],
        message: detail.message,
      })),
    );
  }
  if (issues.length > 0 || !scrape.ok) return invalidRequest(issues);
  return {
    ok: true,
    value: {
      targets,
      invalidURLs,
      scrapeRequest: scrape.value,
      promptOnly: !dto.schema,
      ...(dto.enableWebSearch ? { webSearchQuery: dto.prompt?.trim() } : {}),
      maxPages: MAX_EXTRACT_URLS,
      showSources: dto.showSources ?? false,
      unsupported: [
        ...(dto.allowExternalLinks ? ['allowExternalLinks'] : []),
        ...(dto.systemPrompt ? ['systemPrompt'] : []),
        ...(dto.agent ? ['agent'] : []),
        ...(dto.webhook != null ? ['webhook'] : []),
        ...(dto.threatProtection ? ['threatProtection'] : []),
        ...retainedPagesRefused(scrape.value, 'scrapeOptions.'),
      ],
    },
  };
}
