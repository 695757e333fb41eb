import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { type ConcurrencyQueue, EMPTY_CONCURRENCY_QUEUE, release, withoutExpired } from '#domain';
import { KvCompareAndSet } from './kv-compare-and-set.js';
import { lazyKv } from './lazy-kv.js';

const CONCURRENCY_READ_MODEL = 'concurrency';

/**
 * The teams' concurrency documents (one entry per team in the KV bucket `<prefix>_concurrency`):
 * the api instances queue their scrapes in them and core the pages of crawls, batches and checks,
 * all with compare-and-set, so `CONCURRENCY_PER_TEAM` holds across every instance.
 */
export class TeamConcurrencyDocuments {
  private readonly kv: () => Promise<KV>;
  private readonly writes: KvCompareAndSet;

  constructor(nc: NatsConnection, names: NatsNames) {
    this.kv = lazyKv(nc, names.kvBucket(CONCURRENCY_READ_MODEL));
    this.writes = new KvCompareAndSet(this.kv, 'The concurrency queue');
  }

  /** Applies `change` to the team's document and answers its result. */
  update<T>(
    teamId: string,
    change: (queue: ConcurrencyQueue) => { queue: ConcurrencyQueue; result: T },
  ): Promise<T> {
    return this.writes.update(teamId, (current) => {
      const { queue, result } = change(
        current ? (JSON.parse(current) as ConcurrencyQueue) : EMPTY_CONCURRENCY_QUEUE,
      );
      return { value: JSON.stringify(queue), result };
    });
  }

  /** Frees the ticket's slot, place or held credits; `succeededAt` makes it the team's newest success. */
  release(teamId: string, ticket: string, succeededAt?: string): Promise<void> {
    return this.update(teamId, (queue) => ({
      queue: release(queue, ticket, succeededAt),
      result: undefined,
    }));
  }

  /** The team's running and waiting entries right now. */
  async snapshot(teamId: string): Promise<ConcurrencyQueue> {
    const entry = await (await this.kv()).get(teamId);
    const queue = entry?.operation === 'PUT' ? entry.json<ConcurrencyQueue>() : EMPTY_CONCURRENCY_QUEUE;
    return withoutExpired(queue, Date.now());
  }
}
