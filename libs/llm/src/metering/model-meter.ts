import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { apiKeyOf, CREDITS_CATEGORY, type NatsNames, type RecordModelTokens } from '#contracts';
import { tokenBudget } from '#domain';
import { CommandBus, CreditTotalsReader, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER, modelTokensTotal } from '#observability';
import {
  LLM_PORT,
  type LlmPort,
  type ModelUsage,
  type StructuredRequest,
  type StructuredResult,
} from '../llm-port.js';

/** Whom a model call works for: the team whose usage it is, the key that asked, the operation it serves. */
export interface ModelPayer {
  teamId: string;
  apiKeyId?: string;
  /** A scrape id, a crawl id, a monitor check id: what the tokens were spent on. */
  operationId: string;
  correlationId?: string;
}

/**
 * The port with the tokens each call reported handed to `record` before the call's result is; a
 * call `refusal` names a reason for is not made, and fails with that reason.
 */
export function meteredLlm(
  llm: LlmPort,
  record: (usage: ModelUsage) => Promise<void>,
  refusal: () => Promise<string | undefined> = async () => undefined,
): LlmPort {
  return {
    model: llm.model,
    maxInputChars: llm.maxInputChars,
    async structured<T>(request: StructuredRequest): Promise<StructuredResult<T>> {
      const refused = await refusal();
      if (refused) return { ok: false, reason: refused, attempts: 0 };
      const result = await llm.structured<T>(request);
      if (result.usage && result.usage.promptTokens + result.usage.completionTokens > 0) {
        await record(result.usage);
      }
      return result;
    },
  };
}

/**
 * The configured model for work done for a team, its calls' tokens recorded on the team's ledger
 * (`RecordModelTokens`, one per call): what `/v2/team/token-usage` reports. A failure to record
 * is logged and the work goes on: the model already answered. Once the team's monthly token cap is
 * reached (as the ledger's read model has it: calls under way finish), calls fail with that reason
 * and each feature falls back to its local method or says why it cannot.
 */
@Injectable()
export class ModelMeter {
  private readonly ledgers: CreditTotalsReader;

  constructor(
    @Inject(LLM_PORT) private readonly llm: LlmPort | null,
    private readonly bus: CommandBus,
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ledgers = new CreditTotalsReader(nc, names);
  }

  /** The model port for `payer`'s work, or null when no model is configured. */
  for(payer: ModelPayer): LlmPort | null {
    const llm = this.llm;
    return (
      llm &&
      meteredLlm(
        llm,
        (usage) => this.record(payer, llm.model, usage),
        () => this.capReached(payer.teamId),
      )
    );
  }

  private async capReached(teamId: string): Promise<string | undefined> {
    const budget = tokenBudget(
      await this.ledgers.of(teamId),
      this.config.defaultTeamMonthlyTokens,
      new Date(),
    );
    if (!budget.capped || budget.remainingTokens > 0) return undefined;
    return `the team's model token allowance for this month (${budget.monthlyTokens} tokens) is used up`;
  }

  private async record(payer: ModelPayer, model: string, usage: ModelUsage): Promise<void> {
    modelTokensTotal.inc({ kind: 'prompt' }, usage.promptTokens);
    modelTokensTotal.inc({ kind: 'completion' }, usage.completionTokens);
    const data: RecordModelTokens['data'] = {
      teamId: payer.teamId,
      usageId: uuidv7(),
      operationId: payer.operationId,
      model,
      ...usage,
      at: new Date().toISOString(),
      ...apiKeyOf(payer),
    };
    try {
      await this.bus.send(CREDITS_CATEGORY, 'RecordModelTokens', data, {
        correlationId: payer.correlationId,
      });
    } catch (error) {
      this.logger.warn(
        { teamId: payer.teamId, operationId: payer.operationId, err: (error as Error).message },
        'model tokens not recorded',
      );
    }
  }
}
