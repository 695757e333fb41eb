import { Controller, Get, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { TrawlError } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';

/** Why a hosted index's route answers 501 here, naming what a self-hosted Trawl offers instead. */
function notHosted(index: string, instead: string): TrawlError {
  return new TrawlError(
    'FEATURE_NOT_AVAILABLE',
    `Not available in this Trawl version: ${index} is an index Firecrawl hosts, not part of a self-hosted service; ${instead}`,
  );
}

const RESEARCH = notHosted(
  'the research index (paper abstracts and GitHub history behind /v2/search/research)',
  'search the web with POST /v2/search (categories: ["research"] narrows it to academic sites)',
);
const DEVELOPER = notHosted(
  'the developer index (GitHub issues, pull requests, readmes and curated docs behind /v2/search/developer)',
  'search the web with POST /v2/search (categories: ["github"] narrows it to GitHub)',
);

/**
 * The SDK's routes into Firecrawl's hosted search indexes (`developerSearch()`, `research.*`):
 * answered 501 by name, so a client learns what is missing instead of reading a 404 as "not found".
 */
@Controller('v2/search')
@UseGuards(ApiKeyGuard)
export class HostedIndexesHttpController {
  @OpenApiOperation({
    summary: 'Firecrawl hosted developer index (not available)',
    errors: ['FEATURE_NOT_AVAILABLE'],
  })
  @Post('developer')
  developer(): never {
    throw DEVELOPER;
  }

  @OpenApiOperation({
    summary: 'Firecrawl hosted research index (not available)',
    errors: ['FEATURE_NOT_AVAILABLE'],
  })
  @Get(['research/papers', 'research/papers/:id', 'research/papers/:id/similar', 'research/github'])
  research(@Res({ passthrough: true }) response: Response) {
    // The research API speaks problem details: the SDK's research client reads `detail`, not `error`.
    response.status(RESEARCH.status);
    return { ...RESEARCH.toBody(), title: 'Not available', detail: RESEARCH.message };
  }
}
