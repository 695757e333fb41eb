import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ProfileDto } from '../scrape-request/scrape-request.dto.js';
import { invalidRequest, type Validated } from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';
import {
  type BrowserProfile,
  type LiveViewInput,
  SCRIPT_LANGUAGES,
  type ScriptLanguage,
} from './browser-session-events.js';

/** `POST /v2/browser`, validated and defaulted (seconds, as the reference service takes them). */
export interface BrowserSessionRequest {
  ttl: number;
  activityTtl?: number;
  profile?: BrowserProfile;
  /** Live view URLs for the page (default true, as in the reference service). */
  streamWebView: boolean;
}

export class BrowserSessionRequestDto {
  @IsOptional() @IsInt() @Min(30) @Max(3_600) ttl?: number;
  @IsOptional() @IsInt() @Min(10) @Max(3_600) activityTtl?: number;
  @IsOptional() @IsBoolean() streamWebView?: boolean;
  @IsOptional() @ValidateNested() @Type(() => ProfileDto) profile?: ProfileDto;
  /** Names the integration that opened the session (reference SDKs send it); accepted, never used. */
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  /** Sent by every official SDK; accepted, never used. */
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateBrowserSessionRequest(body: unknown): Validated<BrowserSessionRequest> {
  const parsed = requestDto(BrowserSessionRequestDto, body);
  if (!parsed.ok) return parsed;
  const { ttl = 300, activityTtl, profile, streamWebView = true } = parsed.value;
  if (activityTtl !== undefined && activityTtl > ttl) {
    return invalidRequest([{ path: ['activityTtl'], message: 'activityTtl must not exceed ttl' }]);
  }
  return {
    ok: true,
    value: {
      ttl,
      ...(activityTtl !== undefined ? { activityTtl } : {}),
      ...(profile ? { profile: { name: profile.name, saveChanges: profile.saveChanges ?? true } } : {}),
      streamWebView,
    },
  };
}

/** `POST /v2/browser/{id}/execute`. */
export interface BrowserExecuteRequest {
  code: string;
  language: ScriptLanguage;
  /** Seconds the code may run. */
  timeout: number;
}

export class BrowserExecuteRequestDto {
  @IsString() @MaxLength(100_000) code!: string;
  @IsOptional() @IsIn(SCRIPT_LANGUAGES) language?: ScriptLanguage;
  @IsOptional() @IsInt() @Min(1) @Max(300) timeout?: number;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateBrowserExecuteRequest(body: unknown): Validated<BrowserExecuteRequest> {
  const parsed = requestDto(BrowserExecuteRequestDto, body);
  if (!parsed.ok) return parsed;
  const { code, language = 'node', timeout = 30 } = parsed.value;
  return { ok: true, value: { code, language, timeout } };
}

/** `POST /v2/browser/{id}/interactive/input`: what an interactive live view's viewer did. */
export class LiveViewInputDto {
  @IsIn(['click', 'type', 'press', 'scroll']) type!: LiveViewInput['type'];
  @IsOptional() @IsNumber() @Min(0) @Max(10_000) x?: number;
  @IsOptional() @IsNumber() @Min(0) @Max(10_000) y?: number;
  @IsOptional() @IsString() @MaxLength(1_000) text?: string;
  @IsOptional() @IsString() @MaxLength(64) key?: string;
  @IsOptional() @IsNumber() @Min(-10_000) @Max(10_000) deltaX?: number;
  @IsOptional() @IsNumber() @Min(-10_000) @Max(10_000) deltaY?: number;
}

/** The fields each kind of input needs. */
const INPUT_FIELDS = {
  click: ['x', 'y'],
  type: ['text'],
  press: ['key'],
  scroll: ['deltaX', 'deltaY'],
} as const;

export function validateLiveViewInput(body: unknown): Validated<LiveViewInput> {
  const parsed = requestDto(LiveViewInputDto, body);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  const fields: readonly (keyof LiveViewInputDto)[] = INPUT_FIELDS[input.type];
  const missing = fields.filter((field) => input[field] === undefined);
  if (missing.length > 0) {
    return invalidRequest(
      missing.map((field) => ({ path: [field], message: `${input.type} needs ${field}` })),
    );
  }
  return { ok: true, value: Object.fromEntries([['type', input.type], ...fields.map((f) => [f, input[f]])]) };
}
