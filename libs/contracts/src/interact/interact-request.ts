import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  validateSync,
} from 'class-validator';
import type { ErrorDetail } from '../errors/index.js';
import type { ActionDto } from '../scrape-request/scrape-request.dto.js';
import { type Validated, validateScrapeRequest } from '../scrape-request/validate-scrape-request.js';
import { unreadableKeys } from '../validation/unreadable-keys.js';

/** `POST /v2/scrape/{scrapeId}/interact`, validated and defaulted. */
export interface InteractRequest {
  code?: string;
  prompt?: string;
  language: 'node' | 'python' | 'bash';
  /** Seconds the code may run. */
  timeout: number;
  /** Trawl extension: page actions (as in a scrape) run on the live page before the code. */
  actions: ActionDto[];
}

export class InteractRequestDto {
  @IsOptional() @IsString() @MaxLength(100_000) code?: string;
  @IsOptional() @IsString() @MaxLength(10_000) prompt?: string;
  @IsOptional() @IsIn(['node', 'python', 'bash']) language?: 'node' | 'python' | 'bash';
  @IsOptional() @IsInt() @Min(1) @Max(300) timeout?: number;
  @IsOptional() @IsArray() actions?: unknown[];
  /** Sent by every official SDK; accepted, never used. */
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateInteractRequest(body: unknown): Validated<InteractRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid([{ path: [], message: 'The request body must be a JSON object' }]);
  }
  const unreadable = unreadableKeys(body);
  if (unreadable.length > 0) return invalid(unreadable);
  const dto = plainToInstance(InteractRequestDto, body);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) {
    return invalid(
      errors.flatMap((error) =>
        Object.values(error.constraints ?? {}).map((message) => ({ path: [error.property], message })),
      ),
    );
  }
  // Actions follow exactly the rules of a scrape's actions, so they are checked by the same validator.
  let actions: ActionDto[] = [];
  if (dto.actions !== undefined) {
    const asScrape = validateScrapeRequest({ url: 'http://interact.invalid', actions: dto.actions });
    if (!asScrape.ok) return invalid(asScrape.details);
    actions = asScrape.value.actions;
  }
  if (dto.code === undefined && dto.prompt === undefined && actions.length === 0) {
    return invalid([{ path: [], message: 'One of code, prompt or actions is required' }]);
  }
  if (dto.code !== undefined && dto.prompt !== undefined) {
    return invalid([{ path: ['prompt'], message: 'Send either code or prompt, not both' }]);
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

function invalid(details: ErrorDetail[]): Validated<never> {
  return { ok: false, error: details[0]?.message ?? 'Invalid request', details };
}
