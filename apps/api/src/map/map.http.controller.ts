import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FetchError } from '#browser';
import { MapRequestDto, TrawlError, validateMapRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { refuseUnavailable } from '../scrape/available-features.js';
import { MapService } from './map.service.js';

@Controller('v2/map')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class MapHttpController {
  constructor(private readonly maps: MapService) {}

  @OpenApiOperation({
    summary: 'Discover the URLs of a site without a browser',
    body: MapRequestDto,
    errors: ['SCRAPE_SSRF_BLOCKED', 'SCRAPE_TIMEOUT', 'FEATURE_NOT_AVAILABLE'],
  })
  @Post()
  @HttpCode(200)
  async map(@Body() body: unknown, @CallerOf() caller: Caller) {
    const validated = validateMapRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    refuseUnavailable([
      ...(validated.value.location ? ['location'] : []),
      ...(validated.value.threatProtection ? ['threatProtection'] : []),
    ]);
    try {
      return { success: true, links: await this.maps.map(caller.teamId, validated.value) };
    } catch (error) {
      if (error instanceof FetchError) throw new TrawlError(error.code, error.message);
      throw error;
    }
  }
}
