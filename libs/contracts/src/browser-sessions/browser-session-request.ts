import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
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
import type { BrowserProfile } from './browser-session-events.js';

/** `POST /v2/browser`, validated and defaulted (seconds, as the reference service takes them). */
export interface BrowserSessionRequest {
  ttl: number;
  activityTtl?: number;
  profile?: BrowserProfile;
  /** Asked for a live view of the page (the api answers that it has none). */
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
  const { ttl = 300, activityTtl, profile, streamWebView = false } = parsed.value;
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
  language: 'node' | 'python' | 'bash';
  /** Seconds the code may run. */
  timeout: number;
}

export class BrowserExecuteRequestDto {
  @IsString() @MaxLength(100_000) code!: string;
  @IsOptional() @IsIn(['node', 'python', 'bash']) language?: 'node' | 'python' | 'bash';
  @IsOptional() @IsInt() @Min(1) @Max(300) timeout?: number;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

export function validateBrowserExecuteRequest(body: unknown): Validated<BrowserExecuteRequest> {
  const parsed = requestDto(BrowserExecuteRequestDto, body);
  if (!parsed.ok) return parsed;
  const { code, language = 'node', timeout = 30 } = parsed.value;
  return { ok: true, value: { code, language, timeout } };
}
