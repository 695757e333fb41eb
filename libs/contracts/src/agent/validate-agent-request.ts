import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import {
  MAX_EXTRACT_URLS,
  type ValidExtractRequest,
  validateExtractRequest,
} from '../crawl/validate-extract-request.js';
import { invalidRequest, type Validated } from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';

/** The body of `POST /v2/agent` (Firecrawl v2 names). */
export class AgentRequestDto {
  @IsString() @MinLength(1) @MaxLength(10_000) prompt!: string;
  @IsOptional() @IsArray() @ArrayMaxSize(MAX_EXTRACT_URLS) @IsString({ each: true }) urls?: string[];
  @IsOptional() @IsObject() schema?: Record<string, unknown>;
  @IsOptional() @IsInt() @Min(1) maxCredits?: number;
  @IsOptional() @IsBoolean() strictConstrainToURLs?: boolean;
  @IsOptional() @IsIn(['spark-1-pro', 'spark-1-mini', 'spark-2']) model?: string;
  @IsOptional() @IsIn(['low', 'medium', 'high']) effort?: string;
  @IsOptional() @IsIn(['extract', 'chat']) mode?: string;
  @IsOptional() @IsString() @MaxLength(256) threadId?: string;
  @IsOptional() webhook?: unknown;
  @IsOptional() @IsObject() exchange?: Record<string, unknown>;
  @IsOptional() @IsObject() threatProtection?: Record<string, unknown>;
  @IsOptional() @IsObject() auditMetadata?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

/** The run as an extract job: the given URLs, or the web's results for the prompt. */
export interface ValidAgentRequest {
  extract: ValidExtractRequest;
}

/**
 * An agent run is an extract job here: the prompt (and schema) answered from the given URLs, or,
 * without URLs, from the pages the web search finds for the prompt, and, unless
 * `strictConstrainToURLs`, from the pages their links lead to while the answer lacks something;
 * `maxCredits` caps the pages to those it pays for. Threads, chat mode, exchange, webhooks and threat protection
 * are valid but not implemented: refused by name. `model` and `effort` name the reference service's
 * models; the run's status names the model that answered (the operator's, or `local`).
 */
export function validateAgentRequest(body: unknown): Validated<ValidAgentRequest> {
  const parsed = requestDto(AgentRequestDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  const urls = dto.urls ?? [];
  const extract = validateExtractRequest({
    urls,
    prompt: dto.prompt,
    ...(dto.schema ? { schema: dto.schema } : {}),
    ...(urls.length === 0 ? { enableWebSearch: true } : {}),
  });
  if (!extract.ok) return invalidRequest(extract.details);
  return {
    ok: true,
    value: {
      extract: {
        ...extract.value,
        ...(dto.maxCredits !== undefined ? { maxCredits: dto.maxCredits } : {}),
        agent: true,
        ...(dto.strictConstrainToURLs ? {} : { followLinks: true }),
        // A prompt is always there; without a schema only a model can answer it.
        promptOnly: !dto.schema,
        unsupported: [
          ...(dto.threadId ? ['threadId'] : []),
          ...(dto.mode === 'chat' ? ['mode: chat'] : []),
          ...(dto.webhook != null ? ['webhook'] : []),
          ...(dto.exchange ? ['exchange'] : []),
          ...(dto.threatProtection ? ['threatProtection'] : []),
          ...(dto.auditMetadata ? ['auditMetadata'] : []),
        ],
      },
    },
  };
}
