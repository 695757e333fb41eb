import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  apiKeyOf,
  type ChargeBasis,
  CREDITS_CATEGORY,
  type CreditTotals,
  type NatsNames,
  type ScrapeRequest,
} from '#contracts';
import {
  type CreditBalance,
  type CreditHold,
  type CreditUsagePeriod,
  creditBalance,
  monthlyCreditUsage,
  monthlyTokenUsage,
  operationCost,
  pageCredits,
  type TokenBudget,
  type TokenUsagePeriod,
  tokenBudget,
  tokensUsed,
} from '#domain';
import { CommandBus, CreditTotalsReader, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { untilProjected } from '../read-models/until-projected.js';

/** A team's credits as the api sees them: the balances read model plus DEFAULT_TEAM_CREDITS. */
@Injectable()
export class CreditsService {
  private readonly ledgers: CreditTotalsReader;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    private readonly bus: CommandBus,
  ) {
    this.ledgers = new CreditTotalsReader(nc, names);
  }

  async balance(teamId: string): Promise<CreditBalance> {
    return creditBalance(await this.totals(teamId), this.config.defaultTeamCredits);
  }

  /** What a scrape with these options holds of a metered team's credits while it runs; nothing for others. */
  async hold(teamId: string, request: ScrapeRequest): Promise<CreditHold | undefined> {
    const balance = await this.balance(teamId);
    return balance.metered ? { remaining: balance.remainingCredits, cost: pageCredits(request) } : undefined;
  }

  /** The months the team used credits in, oldest first; `byApiKey` splits each by key. */
  async monthlyUsage(teamId: string, byApiKey = false): Promise<CreditUsagePeriod[]> {
    return monthlyCreditUsage(await this.totals(teamId), byApiKey);
  }

  /** Model tokens the team used in all, and this month's against its monthly cap, from one read of its ledger. */
  async tokens(teamId: string): Promise<{ tokensUsed: number; budget: TokenBudget }> {
    const totals = await this.totals(teamId);
    return {
      tokensUsed: tokensUsed(totals),
      budget: tokenBudget(totals, this.config.defaultTeamMonthlyTokens, new Date()),
    };
  }

  /** The months the team's model calls used tokens in, oldest first; `byApiKey` splits each by key. */
  async monthlyTokenUsage(teamId: string, byApiKey = false): Promise<TokenUsagePeriod[]> {
    return monthlyTokenUsage(await this.totals(teamId), byApiKey);
  }

  private totals(teamId: string): Promise<CreditTotals> {
    return this.ledgers.of(teamId);
  }

  /**
   * Charges an answer the api gives without the pipeline (cache hits, lockdown misses); the
   * ledger charges the scrape id once. Returns the credits it costs (`metadata.creditsUsed`); for a
   * metered team only once its balance counts the charge, since the answer lets go of the credits
   * it held then, and a burst must not be checked against a balance that still has them.
   */
  async charge(caller: Caller, scrapeId: string, basis: ChargeBasis, correlationId: string): Promise<number> {
    const { teamId } = caller;
    const { revision } = await this.bus.send<{ revision: number }>(
      CREDITS_CATEGORY,
      'ChargeCredits',
      { teamId, operationId: scrapeId, basis, at: new Date().toISOString(), ...apiKeyOf(caller) },
      { correlationId },
    );
    const counted = async () => {
      const totals = await this.totals(teamId);
      const metered = creditBalance(totals, this.config.defaultTeamCredits).metered;
      return !metered || (totals.revision ?? -1) >= revision ? true : undefined;
    };
    await untilProjected('credit balances', counted).catch(() => {
      // The charge stands; a projector this far behind only lets the hold go early.
    });
    return operationCost(basis);
  }
}
