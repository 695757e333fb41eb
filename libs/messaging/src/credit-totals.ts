import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { CREDIT_BALANCES_READ_MODEL, type CreditTotals, type NatsNames } from '#contracts';
import { EMPTY_CREDIT_TOTALS } from '#domain';
import { lazyKv } from './lazy-kv.js';

/** A team's ledger sums from the `credit_balances` read model: what balances and token caps are read from. */
export class CreditTotalsReader {
  private readonly kv: () => Promise<KV>;

  constructor(nc: NatsConnection, names: NatsNames) {
    this.kv = lazyKv(nc, names.kvBucket(CREDIT_BALANCES_READ_MODEL));
  }

  /** Empty for a team whose ledger holds nothing yet. */
  async of(teamId: string): Promise<CreditTotals> {
    return (await (await this.kv()).get(teamId))?.json<CreditTotals>() ?? EMPTY_CREDIT_TOTALS;
  }
}
