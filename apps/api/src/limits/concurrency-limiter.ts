import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, TrawlError } from '#contracts';
import {
  acquire,
  type ConcurrencyQueue,
  EMPTY_CONCURRENCY_QUEUE,
  queueWaitLimitMs,
  release,
  withoutExpired,
} from '#domain';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';

const CONCURRENCY_READ_MODEL = 'concurrency';
/** How often a waiting scrape looks again for a free slot. */
const POLL_MS = 100;
/** A slot outlives its scrape's timeout by this much before it frees itself (a dead api instance). */
const LEASE_GRACE_MS = 15_000;
const MAX_CAS_ATTEMPTS = 50;

export interface ConcurrencySlot {
  /** The scrape had to wait for a slot. */
  limited: boolean;
  queuedMs: number;
  release(succeeded: boolean): Promise<void>;
}

/**
 * Scrapes one team runs at once (CONCURRENCY_PER_TEAM), counted in a JetStream KV document per
 * team that every api instance updates with compare-and-set. Excess scrapes wait their turn in
 * arrival order for up to two thirds of their timeout, then get 408 CONCURRENCY_QUEUE_TIMEOUT.
 */
@Injectable()
export class ConcurrencyLimiter {
  private readonly kv: () => Promise<KV>;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.kv = lazyKv(nc, names.kvBucket(CONCURRENCY_READ_MODEL));
  }

  get limit(): number {
    return this.config.concurrencyPerTeam;
  }

  async acquire(teamId: string, ticket: string, timeoutMs: number): Promise<ConcurrencySlot> {
    const startedAt = Date.now();
    const giveUpAt = startedAt + queueWaitLimitMs(timeoutMs);
    const leaseUntil = startedAt + queueWaitLimitMs(timeoutMs) + timeoutMs + LEASE_GRACE_MS;
    for (let polls = 0; ; polls++) {
      const now = Date.now();
      if (now >= giveUpAt) {
        await this.update(teamId, (queue) => ({ queue: release(queue, ticket), result: undefined }));
        throw new TrawlError(
          'CONCURRENCY_QUEUE_TIMEOUT',
          `This team already runs ${this.limit} scrapes at once; this one waited ${now - startedAt} ms (two thirds of its timeout) for a free slot`,
        );
      }
      const admitted = await this.update(teamId, (queue) => {
        const result = acquire(queue, { ticket, now, limit: this.limit, leaseUntil, giveUpAt });
        return { queue: result.queue, result: result.admitted };
      });
      if (admitted) {
        return {
          limited: polls > 0,
          queuedMs: polls > 0 ? Date.now() - startedAt : 0,
          release: (succeeded) =>
            this.update(teamId, (queue) => ({
              queue: release(queue, ticket, succeeded ? new Date().toISOString() : undefined),
              result: undefined,
            })).catch(() => {
              // The scrape's answer stands; a slot that could not be freed now frees itself when its lease ends.
            }),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** The team's running and waiting scrapes right now. */
  async snapshot(teamId: string): Promise<ConcurrencyQueue> {
    const entry = await (await this.kv()).get(teamId);
    const queue = entry?.operation === 'PUT' ? entry.json<ConcurrencyQueue>() : EMPTY_CONCURRENCY_QUEUE;
    return withoutExpired(queue, Date.now());
  }

  /** Compare-and-set: reads the team's document, applies `change`, writes it if nobody wrote first. */
  private async update<T>(
    teamId: string,
    change: (queue: ConcurrencyQueue) => { queue: ConcurrencyQueue; result: T },
  ): Promise<T> {
    const kv = await this.kv();
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const entry = await kv.get(teamId);
      const exists = entry?.operation === 'PUT';
      const { queue, result } = change(exists ? entry.json<ConcurrencyQueue>() : EMPTY_CONCURRENCY_QUEUE);
      try {
        if (exists) await kv.update(teamId, JSON.stringify(queue), entry.revision);
        else await kv.create(teamId, JSON.stringify(queue));
        return result;
      } catch {
        // Another instance wrote first: read again.
      }
    }
    throw new TrawlError('SERVICE_UNAVAILABLE', 'The concurrency queue is too contended; retry shortly');
  }
}
