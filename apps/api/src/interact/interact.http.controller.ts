import { Body, Controller, Delete, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { InteractRequestDto, isUuid, TrawlError, validateInteractRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { InteractService } from './interact.service.js';

/** `POST /v2/scrape/{scrapeId}/interact` keeps acting on a scraped page; `DELETE` ends the session. */
@Controller('v2/scrape/:scrapeId/interact')
@UseGuards(ApiKeyGuard)
export class InteractHttpController {
  constructor(private readonly interactions: InteractService) {}

  @OpenApiOperation({
    summary: 'Run code or actions on the live page of a scrape',
    body: InteractRequestDto,
    errors: ['SCRAPE_NOT_FOUND', 'INTERACT_ZERO_DATA_RETENTION', 'PROFILE_LOCKED', 'FEATURE_NOT_AVAILABLE'],
  })
  @Post()
  @HttpCode(200)
  async interact(
    @Param('scrapeId') scrapeId: string,
    @Body() body: unknown,
    @CallerOf() caller: Caller,
    @Req() req: Request,
  ) {
    assertScrapeId(scrapeId);
    const validated = validateInteractRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.interactions.interact(caller, scrapeId, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'End the interact session of a scrape',
    errors: ['BAD_REQUEST', 'SCRAPE_NOT_FOUND', 'INTERACT_SESSION_NOT_FOUND', 'INTERACT_SESSION_ENDED'],
  })
  @Delete()
  @HttpCode(200)
  stop(@Param('scrapeId') scrapeId: string, @TeamId() teamId: string, @Req() req: Request) {
    assertScrapeId(scrapeId);
    return this.interactions.stop(teamId, scrapeId, correlationIdOf(req));
  }
}

function assertScrapeId(scrapeId: string) {
  if (!isUuid(scrapeId)) {
    throw new TrawlError('BAD_REQUEST', 'scrapeId must be a UUID', [
      { path: ['scrapeId'], message: 'must be a UUID' },
    ]);
  }
}
