import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { TrawlError } from '#contracts';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CreditsService } from '../credits/credits.service.js';
import { ConcurrencyLimiter } from '../limits/concurrency-limiter.js';

/** The calling team's credits and scrape queue, in the shapes the official SDK reads. */
@Controller('v2')
@UseGuards(ApiKeyGuard)
export class TeamHttpController {
  constructor(
    private readonly credits: CreditsService,
    private readonly concurrency: ConcurrencyLimiter,
  ) {}

  /**
   * Trawl has no billing periods: a plan is the opening allowance plus every grant. An unmetered
   * team (no grant, DEFAULT_TEAM_CREDITS=unlimited) has no remaining count: `unlimited: true`.
   */
  @OpenApiOperation({ summary: 'Credits of the calling team' })
  @Get('team/credit-usage')
  async creditUsage(@TeamId() teamId: string) {
    const balance = await this.credits.balance(teamId);
    const period = { billingPeriodStart: null, billingPeriodEnd: null };
    const data = balance.metered
      ? {
          remainingCredits: balance.remainingCredits,
          planCredits: balance.planCredits,
          creditsUsed: balance.creditsUsed,
          unlimited: false,
          ...period,
        }
      : {
          remainingCredits: null,
          planCredits: null,
          creditsUsed: balance.creditsUsed,
          unlimited: true,
          ...period,
        };
    return { success: true, data };
  }

  /** Calendar months (UTC), as Trawl has no billing periods; charges name no API key, so none can be split by key. */
  @OpenApiOperation({
    summary: 'Credits the calling team used, month by month',
    query: {
      byApiKey: {
        description: 'Not available: charges are not recorded per API key (501)',
        schema: { type: 'boolean' },
      },
    },
    errors: ['FEATURE_NOT_AVAILABLE'],
  })
  @Get('team/credit-usage/historical')
  async creditUsageHistorical(@TeamId() teamId: string, @Query('byApiKey') byApiKey?: string) {
    if (byApiKey === 'true') {
      throw new TrawlError(
        'FEATURE_NOT_AVAILABLE',
        'Not available in this Trawl version yet: byApiKey (charges are recorded per team, not per API key)',
        [{ path: ['byApiKey'], message: 'not available yet' }],
      );
    }
    return { success: true, periods: await this.credits.monthlyUsage(teamId) };
  }

  /** Scrapes running and waiting for a slot (the SDK reads these fields at the top level). */
  @OpenApiOperation({ summary: 'Scrapes of the calling team running and waiting for a slot' })
  @Get('team/queue-status')
  async queueStatus(@TeamId() teamId: string) {
    const queue = await this.concurrency.snapshot(teamId);
    return {
      success: true,
      jobsInQueue: queue.active.length + queue.waiting.length,
      activeJobsInQueue: queue.active.length,
      waitingJobsInQueue: queue.waiting.length,
      maxConcurrency: this.concurrency.limit,
      mostRecentSuccess: queue.lastSuccessAt ?? null,
    };
  }

  @OpenApiOperation({ summary: 'Concurrency in use and allowed for the calling team' })
  @Get('concurrency-check')
  async concurrencyCheck(@TeamId() teamId: string) {
    const queue = await this.concurrency.snapshot(teamId);
    return {
      success: true,
      data: { concurrency: queue.active.length, maxConcurrency: this.concurrency.limit },
    };
  }
}
