import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import type { Request } from 'express';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { AgentRequestDto, TrawlError, validateAgentRequest } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { type Caller, CallerOf } from '../auth/caller.decorator.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CrawlJobs } from '../crawl/crawl-jobs.service.js';
import { jobId } from '../crawl/job-id.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { ExtractService } from '../extract/extract.service.js';
import { correlationIdOf } from '../http/correlation-id.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';
import { unavailable } from '../scrape/available-features.js';
import { AgentRuns } from './agent-runs.service.js';

/**
 * `/v2/agent`: the prompt (and schema) is answered from the given URLs or, without URLs, from the
 * pages the web search finds for it, through the extract pipeline (an agent's id is its extract
 * job's); unless held to those pages, it also reads the pages their links lead to that may hold
 * what its answer still lacks (core's AgentNavigator picks them).
 */
@Controller('v2/agent')
@UseGuards(ApiKeyGuard, RateLimitGuard)
export class AgentHttpController {
  constructor(
    private readonly extracts: ExtractService,
    private readonly runs: AgentRuns,
    private readonly jobs: CrawlJobs,
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
  ) {}

  @OpenApiOperation({
    summary:
      'Start an agent run: answer a prompt from given pages or a web search, and the links they lead to',
    body: AgentRequestDto,
    errors: ['FEATURE_NOT_AVAILABLE', 'EXTRACT_NO_PAGES'],
  })
  @Post()
  @HttpCode(200)
  @UseGuards(CreditsGuard)
  async start(@Body() body: unknown, @CallerOf() caller: Caller, @Req() req: Request) {
    const validated = validateAgentRequest(body);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    const { id } = await this.extracts.start(caller, validated.value.extract, correlationIdOf(req));
    await this.runs.untilListed(caller.teamId, id);
    return { success: true, id };
  }

  /** Runs are listed while their results are kept (24 hours). */
  @OpenApiOperation({
    summary: "The team's agent runs, newest first",
    query: {
      before: {
        description: 'Only runs created before this time (unix milliseconds): the next page',
        schema: { type: 'integer' },
      },
    },
    errors: ['BAD_REQUEST'],
  })
  @Get()
  async list(@TeamId() teamId: string, @Query('before') before?: string) {
    if (before !== undefined && !/^\d{1,15}$/.test(before)) {
      throw new TrawlError('BAD_REQUEST', 'before must be a time in unix milliseconds', [
        { path: ['before'], message: 'must be an integer' },
      ]);
    }
    const page = await this.runs.list(teamId, before === undefined ? undefined : Number(before));
    return { success: true, ...page };
  }

  // Declared before `:id`. A run here is an extract job: no thread, trace or snapshots are kept.
  @OpenApiOperation({ summary: 'An agent thread (not available)', errors: ['FEATURE_NOT_AVAILABLE'] })
  @Get('threads/:threadId')
  thread(): never {
    throw unavailable(['agent threads (a run is one pass, without a conversation)']);
  }

  @OpenApiOperation({
    summary: "An agent run's trace or snapshots (not available)",
    errors: ['FEATURE_NOT_AVAILABLE'],
  })
  @Get([':id/trace', ':id/snapshots/:snapshotId'])
  trace(): never {
    throw unavailable([
      "an agent run's trace and snapshots (a run reads its pages without browsing further)",
    ]);
  }

  @OpenApiOperation({
    summary: 'Status and answer of an agent run',
    errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'],
  })
  @Get(':id')
  async status(@Param('id') id: string, @TeamId() teamId: string) {
    // The model that answered: the operator's (LLM_MODEL), or the local extractor.
    return { ...(await this.extracts.status(teamId, jobId(id))), model: this.config.llm?.model ?? 'local' };
  }

  @OpenApiOperation({ summary: 'Cancel an agent run', errors: ['BAD_REQUEST', 'CRAWL_NOT_FOUND'] })
  @Delete(':id')
  async cancel(@Param('id') id: string, @TeamId() teamId: string, @Req() req: Request) {
    await this.jobs.cancel('extract', teamId, jobId(id), correlationIdOf(req));
    return { success: true };
  }
}
