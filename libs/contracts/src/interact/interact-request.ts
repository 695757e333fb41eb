import 'reflect-metadata';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SCRIPT_LANGUAGES, type ScriptLanguage } from '../browser-sessions/browser-session-events.js';
import type { ActionDto } from '../scrape-request/scrape-request.dto.js';
import {
  invalidRequest,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';

/** `POST /v2/scrape/{scrapeId}/interact`, validated and defaulted. */
export interface InteractRequest {
  code?: string;
  prompt?: string;
  language: ScriptLanguage;
  /** Seconds the code may run. */
  timeout: number;
  /** Trawl extension: page actions (as in a scrape) run on the live page before the code. */
  actions: ActionDto[];
}

export class InteractRequestDto {
  @IsOptional() @IsString() @MaxLength(100_000) code?: string;
  @IsOptional() @IsString() @MaxLength(10_000) prompt?: string;
  @IsOptional() @IsIn(SCRIPT_LANGUAGES) language?: ScriptLanguage;
  @IsOptional() @IsInt() @Min(1) @Max(300) timeout?: number;
  @IsOptional() @IsArray() actions?: unknown[];
  /** Sent by every official SDK; accepted, never used. */
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateInteractRequest(body: unknown): Validated<InteractRequest> {
  const parsed = requestDto(InteractRequestDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  // Actions follow exactly the rules of a scrape's actions, so they are checked by the same validator.
  let actions: ActionDto[] = [];
  if (dto.actions !== undefined) {
    const asScrape = validateScrapeRequest({ url: 'http://interact.invalid', actions: dto.actions });
    if (!asScrape.ok) return invalidRequest(asScrape.details);
    actions = asScrape.value.actions;
  }
  if (dto.code === undefined && dto.prompt === undefined && actions.length === 0) {
    return invalidRequest([{ path: [], message: 'One of code, prompt or actions is required' }]);
  }
  if (dto.code !== undefined && dto.prompt !== undefined) {
    return invalidRequest([{ path: ['prompt'], message: 'Send either code or prompt, not both' }]);
  }
  return {
    ok: true,
    value: {
      code: dto.code,
      prompt: dto.prompt,
      language: dto.language ?? 'node',
      timeout: dto.timeout ?? 30,
      actions,
    },
  };
}
