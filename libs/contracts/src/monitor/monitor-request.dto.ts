import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MONITOR_WEBHOOK_EVENTS, SEARCH_WINDOWS } from './monitor.js';

export const MONITOR_LIMITS = {
  name: 256,
  goal: 2000,
  targets: 50,
  urlsPerTarget: 100,
  queries: 12,
  retentionDays: { min: 1, max: 365 },
  maxResults: { min: 1, max: 50 },
} as const;

const WEBHOOK_EVENT_NAMES = [
  ...MONITOR_WEBHOOK_EVENTS,
  ...MONITOR_WEBHOOK_EVENTS.map((name) => name.replace(/^monitor\./, '')),
];

export class ScheduleDto {
  @IsOptional() @IsString() @MaxLength(256) cron?: string;
  @IsOptional() @IsString() @MaxLength(256) text?: string;
  @IsOptional() @IsString() @MaxLength(64) timezone?: string;
}

/** Every field any target type has; which ones a type accepts is checked by the validator. */
export class TargetDto {
  @IsIn(['scrape', 'crawl', 'search']) type!: 'scrape' | 'crawl' | 'search';
  @IsOptional() @IsString() @MaxLength(64) id?: string;
  @IsOptional() @IsString() @MaxLength(8192) url?: string;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MONITOR_LIMITS.urlsPerTarget)
  @IsString({ each: true })
  urls?: string[];
  @IsOptional() @IsObject() scrapeOptions?: Record<string, unknown>;
  @IsOptional() @IsObject() crawlOptions?: Record<string, unknown>;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MONITOR_LIMITS.queries)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  queries?: string[];
  @IsOptional() @IsIn(SEARCH_WINDOWS) searchWindow?: (typeof SEARCH_WINDOWS)[number];
  @IsOptional() @IsArray() @IsString({ each: true }) includeDomains?: string[];
  @IsOptional() @IsArray() @IsString({ each: true }) excludeDomains?: string[];
  @IsOptional()
  @IsInt()
  @Min(MONITOR_LIMITS.maxResults.min)
  @Max(MONITOR_LIMITS.maxResults.max)
  maxResults?: number;
}

export class WebhookDto {
  @IsString() @MaxLength(8192) url!: string;
  @IsOptional() @IsObject() headers?: Record<string, string>;
  @IsOptional() @IsObject() metadata?: Record<string, string>;
  @IsOptional() @IsArray() @IsIn(WEBHOOK_EVENT_NAMES, { each: true }) events?: string[];
}

export class EmailNotificationDto {
  @IsOptional() @IsBoolean() enabled?: boolean;
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsEmail({}, { each: true }) recipients?: string[];
  @IsOptional() @IsBoolean() includeDiffs?: boolean;
}

export class NotificationDto {
  @IsOptional() @ValidateNested() @Type(() => EmailNotificationDto) email?: EmailNotificationDto;
}

/** Fields shared by create and update; create makes name, schedule and targets required. */
class MonitorFieldsDto {
  @IsOptional() @IsString() origin?: string;
  @IsOptional() @ValidateNested() @Type(() => WebhookDto) webhook?: WebhookDto | null;
  @IsOptional() @ValidateNested() @Type(() => NotificationDto) notification?: NotificationDto | null;
  @IsOptional()
  @IsInt()
  @Min(MONITOR_LIMITS.retentionDays.min)
  @Max(MONITOR_LIMITS.retentionDays.max)
  retentionDays?: number;
  @IsOptional() @IsString() @MaxLength(MONITOR_LIMITS.goal) goal?: string | null;
  @IsOptional() @IsBoolean() judgeEnabled?: boolean;
}

export class CreateMonitorDto extends MonitorFieldsDto {
  @IsString() @IsNotEmpty() @MaxLength(MONITOR_LIMITS.name) name!: string;
  @ValidateNested() @Type(() => ScheduleDto) schedule!: ScheduleDto;
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MONITOR_LIMITS.targets)
  @ValidateNested({ each: true })
  @Type(() => TargetDto)
  targets!: TargetDto[];
}

export class UpdateMonitorDto extends MonitorFieldsDto {
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(MONITOR_LIMITS.name) name?: string;
  @IsOptional() @IsIn(['active', 'paused']) status?: 'active' | 'paused';
  @IsOptional() @ValidateNested() @Type(() => ScheduleDto) schedule?: ScheduleDto;
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MONITOR_LIMITS.targets)
  @ValidateNested({ each: true })
  @Type(() => TargetDto)
  targets?: TargetDto[];
}
