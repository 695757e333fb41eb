import { Body, Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ScrapeRequestDto, TrawlError, unavailableFeatures, validateScrapeRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { availableFeatures, refuseUnavailable } from './available-features.js';
import { ScrapeService } from './scrape.service.js';
import { ZeroRetentionScrapes } from './zero-retention-scrape.service.js';

@Controller('v2/scrape')
@UseGuards(ApiKeyGuard, RateLimitGuard, CreditsGuard)
export class ScrapeHttpController {
  private readonly available: ReadonlySet<string>;

  constructor(
    @Inject(TRAWL_CONFIG) config: TrawlConfig,
    private readonly scrapes: ScrapeService,
    private readonly zeroRetention: ZeroRetentionScrapes,
  ) {
    this.available = availableFeatures(config);
  }

  @OpenApiOperation({
    summary: 'Scrape one page',
    description:
      'A DNS failure answers HTTP 200 with success false and code SCRAPE_DNS_RESOLUTION_ERROR, as Firecrawl does.',
    bodySchema: (dtos) => dtos.withTypeNameShorthands(ScrapeRequestDto, ['formats', 'parsers']),
    errors: [
      'FORBIDDEN',
      'SCRAPE_SSRF_BLOCKED',
      'SCRAPE_NO_CACHED_DATA',
      'SCRAPE_LOCKDOWN_CACHE_MISS',
      'SCRAPE_TIMEOUT',
      'CONCURRENCY_QUEUE_TIMEOUT',
      'SCRAPE_SITE_ERROR',
      'SCRAPE_ACTION_ERROR',
      'UNKNOWN_ERROR',
      'FEATURE_NOT_AVAILABLE',
      'SERVICE_UNAVAILABLE',
    ],
  })
  @Post()
  @HttpCode(200)
  async scrape(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    // The SDK's findTools()/scrapeAlexandria() post calls into Firecrawl's hosted tool catalogue here.
    if (typeof body === 'object' && body !== null && 'alexandria' in body) {
      refuseUnavailable(['alexandria (the tool catalogue Firecrawl hosts; a self-hosted Trawl has none)']);
    }
    const validated = validateScrapeRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    refuseUnavailable(unavailableFeatures(validated.value, this.available));
    await this.zeroRetention.authorize(caller.teamId, validated.value);
    const data = await this.scrapes.scrape(caller, validated.value, correlationIdOf(req));
    return { success: true, data };
  }
}
