import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { CRAWL_DEFAULTS, ScrapeRequestDto, TrawlError, validateBatchScrapeRequest } from '#contracts';
import { type DtoSchemas, type JsonSchema, OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { CRAWL_PAGE_SIZE, CrawlJobs } from './crawl-jobs.service.js';
import { jobId, pageWindow, pageWindowQuery } from './job-id.js';

/** `urls` and the batch's own fields (checked by hand in validateBatchScrapeRequest), then every scrape option but `url`. */
function batchScrapeBody(dtos: DtoSchemas): JsonSchema {
  const scrape = dtos.withTypeNameShorthands(ScrapeRequestDto, ['formats', 'parsers']);
  const { url: _url, ...scrapeOptions } = scrape.properties as Record<string, JsonSchema>;
  return {
    ...scrape,
    properties: {
      urls: {
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
        maxItems: CRAWL_DEFAULTS.maxBatchUrls,
      },
      ignoreInvalidURLs: { type: 'boolean' },
      maxConcurrency: { type: 'integer', minimum: 1, maximum: 100 },
      webhook: {
        description:
          'A URL, or {url, headers, metadata, events}: receives batch_scrape.started, .page, .completed and .failed',
      },
      appendToId: {
        type: 'string',
        format: 'uuid',
        description:
          "Adds the URLs to this batch scrape (scraped with this request's options) instead of starting one",
      },
      ...scrapeOptions,
    },
    required: ['urls'],
  };
}

@Controller('v2/batch/scrape')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class BatchScrapeHttpController {
  constructor(private readonly jobs: CrawlJobs) {}

  @OpenApiOperation({
    summary: 'Start a batch scrape',
    bodySchema: batchScrapeBody,
    errors: ['FORBIDDEN', 'FEATURE_NOT_AVAILABLE', 'CRAWL_NOT_FOUND', 'CRAWL_CANCELLED'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  start(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateBatchScrapeRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.jobs.startBatch(caller, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'Status and documents of a batch scrape',
    query: pageWindowQuery(CRAWL_PAGE_SIZE),
    errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'],
  })
  @Get(':id')
  status(@Param('id') id: string, @Query() query: Record<string, unknown>, @TeamId() teamId: string) {
    const { skip, take } = pageWindow(query.skip, query.limit, CRAWL_PAGE_SIZE);
    return this.jobs.status('batch', teamId, jobId(id), skip, take);
  }

  @OpenApiOperation({ summary: 'Failed pages of a batch scrape', errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'] })
  @Get(':id/errors')
  async errors(@Param('id') id: string, @TeamId() teamId: string) {
    return { success: true, ...(await this.jobs.errors('batch', teamId, jobId(id))) };
  }

  @OpenApiOperation({ summary: 'Cancel a batch scrape', errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'] })
  @Delete(':id')
  async cancel(@Param('id') id: string, @TeamId() teamId: string, @Req() req: Request) {
    return {
      success: true,
      status: await this.jobs.cancel('batch', teamId, jobId(id), correlationIdOf(req)),
    };
  }
}
