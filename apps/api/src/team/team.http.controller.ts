import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { waitingCount } from '#domain';
import { OpenApiOperation } from '#openapi';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { TeamId } from '../auth/team-id.decorator.js';
import { CreditsService } from '../credits/credits.service.js';
import { ConcurrencyLimiter } from '../limits/concurrency-limiter.js';

/**
 * What a team without a limit has left, as Firecrawl's self-hosted server answers for its teams: the
 * SDK reads a missing count as 0, which clients take for "nothing left". `unlimited: true` says it
 * plainly.
 */
const NO_LIMIT = 99_999_999;

/** The calling team's credits, model tokens and scrape queue, in the shapes the official SDK reads. */
@Controller('v2')
@UseGuards(ApiKeyGuard)
export class TeamHttpController {
  constructor(
    private readonly credits: CreditsService,
    private readonly concurrency: ConcurrencyLimiter,
  ) {}

  /**
   * Trawl has no billing periods: a plan is the opening allowance plus every grant. An unmetered
   * team (no grant, DEFAULT_TEAM_CREDITS=unlimited) answers `NO_LIMIT` and `unlimited: true`.
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
          remainingCredits: NO_LIMIT,
          planCredits: NO_LIMIT,
          creditsUsed: balance.creditsUsed,
          unlimited: true,
          ...period,
        };
    return { success: true, data };
  }

  /**
   * Calendar months (UTC), as Trawl has no billing periods. By key, each month is split by the API
   * key whose request was charged (`apiKey`: its key id); credits no key is known for (monitor
   * checks, charges from before keys were recorded) come in a period without `apiKey`.
   */
  @OpenApiOperation({
    summary: 'Credits the calling team used, month by month',
    query: {
      byApiKey: {
        description: 'Split each month by the API key (its id) whose requests were charged',
        schema: { type: 'boolean' },
      },
    },
  })
  @Get('team/credit-usage/historical')
  async creditUsageHistorical(@TeamId() teamId: string, @Query('byApiKey') byApiKey?: string) {
    return { success: true, periods: await this.credits.monthlyUsage(teamId, byApiKey === 'true') };
  }

  /**
   * Tokens the operator's model spent for the team (prompt and completion, as the model endpoint
   * reported them), against the team's monthly cap when the operator set one: then `planTokens` is
   * the cap and `remainingTokens` what this calendar month (UTC, the billing period) leaves of it.
   * Without a cap: `NO_LIMIT` and `unlimited: true`, as for an unmetered team's credits. `tokensUsed`
   * counts every month.
   */
  @OpenApiOperation({ summary: 'Model tokens the calling team used, and what its monthly cap leaves' })
  @Get('team/token-usage')
  async tokenUsage(@TeamId() teamId: string) {
    const { tokensUsed, budget } = await this.credits.tokens(teamId);
    return {
      success: true,
      data: budget.capped
        ? {
            remainingTokens: budget.remainingTokens,
            planTokens: budget.monthlyTokens,
            tokensUsed,
            unlimited: false,
            billingPeriodStart: budget.periodStart,
            billingPeriodEnd: budget.periodEnd,
          }
        : {
            remainingTokens: NO_LIMIT,
            planTokens: NO_LIMIT,
            tokensUsed,
            unlimited: true,
            billingPeriodStart: null,
            billingPeriodEnd: null,
          },
    };
  }

  /** Calendar months (UTC), as for credits; by key, tokens no key is known for come in a period without `apiKey`. */
  @OpenApiOperation({
    summary: 'Model tokens the calling team used, month by month',
    query: {
      byApiKey: {
        description: 'Split each month by the API key (its id) whose requests the model calls served',
        schema: { type: 'boolean' },
      },
    },
  })
  @Get('team/token-usage/historical')
  async tokenUsageHistorical(@TeamId() teamId: string, @Query('byApiKey') byApiKey?: string) {
    return { success: true, periods: await this.credits.monthlyTokenUsage(teamId, byApiKey === 'true') };
  }

  /** Scrapes running and waiting for a slot (the SDK reads these fields at the top level). */
  @OpenApiOperation({ summary: 'Scrapes of the calling team running and waiting for a slot' })
  @Get('team/queue-status')
  async queueStatus(@TeamId() teamId: string) {
    const queue = await this.concurrency.snapshot(teamId);
    return {
      success: true,
      jobsInQueue: queue.active.length + waitingCount(queue),
      activeJobsInQueue: queue.active.length,
      waitingJobsInQueue: waitingCount(queue),
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
