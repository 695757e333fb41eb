import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import {
  CrawlParamsPreviewDto,
  CrawlRequestDto,
  TrawlError,
  validateCrawlParamsPreview,
  validateCrawlRequest,
} from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { CRAWL_PAGE_SIZE, CrawlJobs } from './crawl-jobs.service.js';
import { CrawlPrompts } from './crawl-prompts.service.js';
import { jobId, pageWindow, pageWindowQuery } from './job-id.js';

@Controller('v2/crawl')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class CrawlHttpController {
  constructor(
    private readonly jobs: CrawlJobs,
    private readonly prompts: CrawlPrompts,
  ) {}

  @OpenApiOperation({
    summary: 'Start a crawl',
    body: CrawlRequestDto,
    errors: ['FORBIDDEN', 'FEATURE_NOT_AVAILABLE', 'CRAWL_PROMPT_FAILED'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  async start(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateCrawlRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    const crawl = validated.value.prompt
      ? await this.prompts.plan(
          body as Record<string, unknown>,
          validated.value,
          caller,
          correlationIdOf(req),
        )
      : validated.value;
    return this.jobs.startCrawl(caller, crawl, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'The crawl options a prompt turns into, without crawling',
    body: CrawlParamsPreviewDto,
    errors: ['BAD_REQUEST', 'FEATURE_NOT_AVAILABLE', 'CRAWL_PROMPT_FAILED'],
  })
  @Post('params-preview')
  @HttpCode(200)
  async preview(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateCrawlParamsPreview(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    const { url, prompt } = validated.value;
    return {
      success: true,
      data: { url, ...(await this.prompts.options(url, prompt, caller, correlationIdOf(req))) },
    };
  }

  // Declared before `:id`, which would take `active` for an id.
  @OpenApiOperation({ summary: "The team's crawls in progress" })
  @Get('active')
  async active(@TeamId() teamId: string) {
    return { success: true, crawls: await this.jobs.active(teamId) };
  }

  @OpenApiOperation({
    summary: 'Status and documents of a crawl',
    query: pageWindowQuery(CRAWL_PAGE_SIZE),
    errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'],
  })
  @Get(':id')
  status(@Param('id') id: string, @Query() query: Record<string, unknown>, @TeamId() teamId: string) {
    const { skip, take } = pageWindow(query.skip, query.limit, CRAWL_PAGE_SIZE);
    return this.jobs.status('crawl', teamId, jobId(id), skip, take);
  }

  @OpenApiOperation({
    summary: 'Failed pages and robots.txt-blocked URLs of a crawl',
    errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'],
  })
  @Get(':id/errors')
  async errors(@Param('id') id: string, @TeamId() teamId: string) {
    return { success: true, ...(await this.jobs.errors('crawl', teamId, jobId(id))) };
  }

  @OpenApiOperation({ summary: 'Cancel a crawl', errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'] })
  @Delete(':id')
  async cancel(@Param('id') id: string, @TeamId() teamId: string, @Req() req: Request) {
    return {
      success: true,
      status: await this.jobs.cancel('crawl', teamId, jobId(id), correlationIdOf(req)),
    };
  }
}
