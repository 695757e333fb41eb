import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { FeedbackRequestDto, TrawlError, validateFeedbackRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { FeedbackService } from './feedback.service.js';

/** Feedback on finished jobs: `POST /v2/feedback`, and the search-scoped form the SDK also sends. */
@Controller('v2')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class FeedbackHttpController {
  constructor(private readonly feedback: FeedbackService) {}

  @OpenApiOperation({
    summary: 'Feedback on a finished job (kept for the operator)',
    body: FeedbackRequestDto,
    errors: ['BAD_REQUEST', 'FEEDBACK_JOB_NOT_FOUND'],
  })
  @Post('feedback')
  @HttpCode(200)
  give(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateFeedbackRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.feedback.give(caller, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'Feedback on a search job (Trawl keeps none)',
    errors: ['BAD_REQUEST', 'FEEDBACK_JOB_NOT_FOUND'],
  })
  @Post('search/:jobId/feedback')
  @HttpCode(200)
  giveOnSearch(
    @Param('jobId') jobId: string,
    @Body() body: unknown,
    @CallerOf() caller: Caller,
    @Req() req: Request,
  ) {
    const validated = validateFeedbackRequest({ ...(body as object), endpoint: 'search', jobId });
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.feedback.give(caller, validated.value, correlationIdOf(req));
  }
}
