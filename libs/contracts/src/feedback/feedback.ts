import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { invalidRequest, type Validated } from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';

/**
 * Feedback on a finished job (`POST /v2/feedback`): one per job, on its own stream
 * `feedback-<jobId>`, published on `<prefix>.evt.feedback.FeedbackGiven`, for the operator to read.
 */
export const FEEDBACK_CATEGORY = 'feedback';
export const feedbackStreamId = (jobId: string) => `feedback-${jobId}`;

/** Read model (KV `<prefix>_feedback`): `<teamId>.<feedbackId>` → FeedbackView. */
export const FEEDBACK_READ_MODEL = 'feedback';

export const FEEDBACK_RATINGS = ['good', 'partial', 'bad'] as const;
export const FEEDBACK_ENDPOINTS = ['scrape', 'parse', 'map', 'search'] as const;

/** What the user said, as given (minus the SDK's bookkeeping fields). */
export interface Feedback {
  endpoint: (typeof FEEDBACK_ENDPOINTS)[number];
  jobId: string;
  rating: (typeof FEEDBACK_RATINGS)[number];
  issues?: string[];
  tags?: string[];
  note?: string;
  url?: string;
  pageNumbers?: number[];
  metadata?: Record<string, unknown>;
  valuableSources?: { url: string; reason?: string }[];
  missingContent?: { topic: string; description?: string }[];
  querySuggestions?: string;
}

export interface FeedbackGiven {
  type: 'FeedbackGiven';
  data: { feedbackId: string; teamId: string; feedback: Feedback; givenAt: string; apiKeyId?: string };
}

export interface GiveFeedback {
  type: 'GiveFeedback';
  /** `jobId` is the feedback's: it names the stream. */
  data: {
    feedbackId: string;
    teamId: string;
    jobId: string;
    feedback: Feedback;
    at: string;
    apiKeyId?: string;
  };
}

export type FeedbackEvent = FeedbackGiven;
export type FeedbackCommand = GiveFeedback;

/** An entry of the feedback read model, as the admin API lists it. */
export type FeedbackView = FeedbackGiven['data'];

class ValuableSourceDto {
  @IsString() @MaxLength(8_192) url!: string;
  @IsOptional() @IsString() @MaxLength(2_000) reason?: string;
}

class MissingContentDto {
  @IsString() @MaxLength(500) topic!: string;
  @IsOptional() @IsString() @MaxLength(2_000) description?: string;
}

/** The body of `POST /v2/feedback` (and, with the job from the path, of search feedback). */
export class FeedbackRequestDto {
  @IsIn(FEEDBACK_ENDPOINTS) endpoint!: Feedback['endpoint'];
  @IsUUID() jobId!: string;
  @IsIn(FEEDBACK_RATINGS) rating!: Feedback['rating'];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  issues?: string[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  tags?: string[];
  @IsOptional() @IsString() @MaxLength(10_000) note?: string;
  @IsOptional() @IsString() @MaxLength(8_192) url?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1_000)
  @IsInt({ each: true })
  @Min(1, { each: true })
  pageNumbers?: number[];
  @IsOptional() @IsObject() metadata?: Record<string, unknown>;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => ValuableSourceDto)
  valuableSources?: ValuableSourceDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => MissingContentDto)
  missingContent?: MissingContentDto[];
  @IsOptional() @IsString() @MaxLength(2_000) querySuggestions?: string;
  @IsOptional() @IsString() @MaxLength(256) integration?: string | null;
  @IsOptional() @IsString() @MaxLength(256) origin?: string;
}

/** Endpoint-specific metadata is kept small, as the reference service allows. */
const MAX_METADATA_BYTES = 8 * 1024;

export function validateFeedbackRequest(body: unknown): Validated<Feedback> {
  const parsed = requestDto(FeedbackRequestDto, body);
  if (!parsed.ok) return parsed;
  const { integration: _integration, origin: _origin, ...feedback } = parsed.value;
  if (feedback.metadata && Buffer.byteLength(JSON.stringify(feedback.metadata)) > MAX_METADATA_BYTES) {
    return invalidRequest([{ path: ['metadata'], message: 'metadata must be 8KB or smaller' }]);
  }
  // Plain objects, so the event holds exactly what was sent.
  return { ok: true, value: JSON.parse(JSON.stringify(feedback)) as Feedback };
}
