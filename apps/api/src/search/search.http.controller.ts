import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { SearchRequestDto, TrawlError, validateSearchRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { SearchService } from './search.service.js';

@Controller('v2/search')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class SearchHttpController {
  constructor(private readonly searches: SearchService) {}

  @OpenApiOperation({
    summary: 'Search the web (SearXNG) or the pages this team scraped',
    body: SearchRequestDto,
    errors: ['FORBIDDEN', 'FEATURE_NOT_AVAILABLE', 'SEARCH_PROVIDER_ERROR'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  search(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateSearchRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.searches.search(caller, validated.value, correlationIdOf(req));
  }
}
