import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** Every format name of the Firecrawl v2 API. */
export const FORMAT_TYPES = [
  'markdown',
  'html',
  'rawHtml',
  'links',
  'images',
  'screenshot',
  'summary',
  'changeTracking',
  'json',
  'attributes',
  'branding',
  'product',
  'menu',
  'audio',
  'video',
  'question',
  'highlights',
  'query',
] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

export const ACTION_TYPES = [
  'wait',
  'click',
  'write',
  'press',
  'scroll',
  'scrape',
  'executeJavascript',
  'screenshot',
  'pdf',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const PROXY_MODES = ['basic', 'enhanced', 'auto', 'stealth'] as const;

/** One `{selector, attribute}` of the attributes format: the attribute's values of every element the CSS selector matches. */
export class AttributeSelectorDto {
  @IsString() @MaxLength(2_000) selector!: string;
  @IsString() @MaxLength(256) attribute!: string;
}

export class ViewportDto {
  @IsInt() @Min(1) @Max(7680) width!: number;
  @IsInt() @Min(1) @Max(7680) height!: number;
}

/**
 * One entry of `formats`. Strings are turned into `{type}` before validation; which of the
 * optional fields a type accepts is checked by `FORMAT_FIELDS` in the validator.
 */
export class FormatDto {
  @IsIn(FORMAT_TYPES) type!: FormatType;
  @IsOptional() @IsObject() schema?: Record<string, unknown>;
  @IsOptional() @IsString() @MaxLength(10_000) prompt?: string;
  @IsOptional() @IsBoolean() checkPromptInjection?: boolean;
  @IsOptional() @IsBoolean() fullPage?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(100) quality?: number;
  @IsOptional() @ValidateNested() @Type(() => ViewportDto) viewport?: ViewportDto;
  @IsOptional() @IsArray() @IsIn(['git-diff', 'json'], { each: true }) modes?: ('git-diff' | 'json')[];
  @IsOptional() @IsString() @MaxLength(256) tag?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  // Before the nested rules, which let an array through as a selector.
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => AttributeSelectorDto)
  selectors?: AttributeSelectorDto[];
  @IsOptional() @IsString() @MaxLength(10_000) question?: string;
  @IsOptional() @IsString() @MaxLength(10_000) query?: string;
  @IsOptional() @IsIn(['freeform', 'directQuote']) mode?: 'freeform' | 'directQuote';
}

export class ActionDto {
  @IsIn(ACTION_TYPES) type!: ActionType;
  @IsOptional() @IsInt() @Min(1) @Max(60_000) milliseconds?: number;
  @IsOptional() @IsString() @MaxLength(2_000) selector?: string;
  @IsOptional() @IsBoolean() all?: boolean;
  @IsOptional() @IsString() @MaxLength(100_000) text?: string;
  @IsOptional() @IsString() @MaxLength(100) key?: string;
  @IsOptional() @IsIn(['up', 'down']) direction?: 'up' | 'down';
  @IsOptional() @IsString() @MaxLength(100_000) script?: string;
  @IsOptional() @IsBoolean() fullPage?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(100) quality?: number;
  @IsOptional() @ValidateNested() @Type(() => ViewportDto) viewport?: ViewportDto;
  @IsOptional()
  @IsIn(['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Letter', 'Legal', 'Tabloid', 'Ledger'])
  format?: string;
  @IsOptional() @IsBoolean() landscape?: boolean;
  @IsOptional() @Min(0.1) @Max(2) scale?: number;
}

export class LocationDto {
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'location.country must be an ISO 3166-1 alpha-2 code' })
  country?: string;
  @IsOptional() @IsArray() @IsString({ each: true }) @ArrayMaxSize(20) languages?: string[];
}

export class ParserDto {
  @IsIn(['pdf', 'image']) type!: 'pdf' | 'image';
  @IsOptional() @IsIn(['fast', 'auto', 'ocr']) mode?: 'fast' | 'auto' | 'ocr';
  @IsOptional() @IsInt() @Min(1) @Max(10_000) maxPages?: number;
}

export class ProfileDto {
  @IsString() @Matches(/^[\w.-]{1,128}$/) name!: string;
  @IsOptional() @IsBoolean() saveChanges?: boolean;
}

/** The body of `POST /v2/scrape`, field for field as the Firecrawl v2 spec table defines it. */
export class ScrapeRequestDto {
  @IsString() @MaxLength(8_192) url!: string;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => FormatDto) formats?: FormatDto[];
  @IsOptional() @IsObject() headers?: Record<string, string>;
  @IsOptional() @IsArray() @IsString({ each: true }) includeTags?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) excludeTags?: string[];
  @IsOptional() @IsBoolean() onlyMainContent?: boolean;
  @IsOptional() @IsBoolean() onlyCleanContent?: boolean;
  @IsOptional() @IsInt() @Min(1_000) @Max(300_000) timeout?: number;
  @IsOptional() @IsInt() @Min(0) @Max(60_000) waitFor?: number;
  @IsOptional() @IsBoolean() mobile?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ParserDto) parsers?: ParserDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => ActionDto) actions?: ActionDto[];
  @IsOptional() @ValidateNested() @Type(() => LocationDto) location?: LocationDto;
  @IsOptional() @IsBoolean() skipTlsVerification?: boolean;
  @IsOptional() @IsBoolean() removeBase64Images?: boolean;
  @IsOptional() @IsBoolean() fastMode?: boolean;
  @IsOptional() @IsString() useMock?: string;
  @IsOptional() @IsBoolean() blockAds?: boolean;
  @IsOptional() @IsIn(PROXY_MODES) proxy?: (typeof PROXY_MODES)[number];
  @IsOptional() @IsInt() @Min(0) maxAge?: number;
  @IsOptional() @IsInt() @Min(0) minAge?: number;
  @IsOptional() @IsBoolean() storeInCache?: boolean;
  @IsOptional() @IsBoolean() zeroDataRetention?: boolean;
  @IsOptional() @IsBoolean() lockdown?: boolean;
  @IsOptional() redactPII?: unknown;
  @IsOptional() @ValidateNested() @Type(() => ProfileDto) profile?: ProfileDto;
  @IsOptional() @IsString() @MaxLength(256) integration?: string;
  /** Sent by every official SDK (e.g. "js-sdk@4.42.0"); accepted everywhere, never used. */
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}
