import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  CREDIT_BALANCES_READ_MODEL,
  CREDITS_CATEGORY,
  type CreditEvent,
  type CreditTotals,
  type NatsNames,
} from '#contracts';
import { addToCreditTotals, EMPTY_CREDIT_TOTALS } from '#domain';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';

/**
 * The credit balances the api checks before work starts and answers `/v2/team/credit-usage`
 * from: per team, the sums of its ledger. One event at a time; an event already counted (by
 * global position) is skipped, so redeliveries and replays from zero give the same totals.
 */
@Injectable()
export class CreditBalancesProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    const kv = await new Kvm(this.nc).create(this.names.kvBucket(CREDIT_BALANCES_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_credit_balances',
      kind: 'projection',
      category: CREDITS_CATEGORY,
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: async (event) => {
        const ledgerEvent = { type: event.type, data: event.data } as CreditEvent;
        const teamId = ledgerEvent.data.teamId;
        const totals = (await kv.get(teamId))?.json<CreditTotals>() ?? EMPTY_CREDIT_TOTALS;
        const next = addToCreditTotals(totals, ledgerEvent, event.position);
        if (next !== totals) await kv.put(teamId, JSON.stringify(next));
      },
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
