import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { TrawlError, validateBatchScrapeRequest } from '#contracts';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { CRAWL_PAGE_SIZE, CrawlJobs } from './crawl-jobs.service.js';
import { jobId, pageWindow } from './job-id.js';

@Controller('v2/batch/scrape')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class BatchScrapeHttpController {
  constructor(private readonly jobs: CrawlJobs) {}

  @Post()
  @HttpCode(200)
  start(@Body() body: unknown, @TeamId() teamId: string, @Req() req: Request) {
    const validated = validateBatchScrapeRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.jobs.startBatch(teamId, validated.value, correlationIdOf(req));
  }

  @Get(':id')
  status(@Param('id') id: string, @Query() query: Record<string, unknown>, @TeamId() teamId: string) {
    const { skip, take } = pageWindow(query.skip, query.limit, CRAWL_PAGE_SIZE);
    return this.jobs.status('batch', teamId, jobId(id), skip, take);
  }

  @Get(':id/errors')
  async errors(@Param('id') id: string, @TeamId() teamId: string) {
    return { success: true, ...(await this.jobs.errors('batch', teamId, jobId(id))) };
  }

  @Delete(':id')
  async cancel(@Param('id') id: string, @TeamId() teamId: string, @Req() req: Request) {
    return {
      success: true,
      status: await this.jobs.cancel('batch', teamId, jobId(id), correlationIdOf(req)),
    };
  }
}
