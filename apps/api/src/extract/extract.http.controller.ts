import { Body, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { ExtractRequestDto, TrawlError, validateExtractRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { jobId } from '../crawl/job-id.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { ExtractService } from './extract.service.js';

@Controller('v2/extract')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class ExtractHttpController {
  constructor(private readonly extracts: ExtractService) {}

  @OpenApiOperation({
    summary: 'Extract structured data from pages (a schema or a prompt)',
    body: ExtractRequestDto,
    errors: ['FEATURE_NOT_AVAILABLE'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  start(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateExtractRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    return this.extracts.start(caller, validated.value, correlationIdOf(req));
  }

  @OpenApiOperation({
    summary: 'Status and merged data of an extract job',
    errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'],
  })
  @Get(':id')
  status(@Param('id') id: string, @TeamId() teamId: string) {
    return this.extracts.status(teamId, jobId(id));
  }
}
