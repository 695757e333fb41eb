import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { TrawlError } from '#contracts';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';

/** Search needs a provider (SearXNG or the local index of scraped pages); neither is built yet. */
@Controller('v2/search')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class SearchHttpController {
  @Post()
  @HttpCode(200)
  search(): never {
    throw new TrawlError(
      'FEATURE_NOT_AVAILABLE',
      'Search is not available in this Trawl version yet: no search provider (SearXNG or local index) is built',
    );
  }
}
