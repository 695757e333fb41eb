import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CACHE_INDEX_READ_MODEL, CACHE_INDEX_TTL_MS, type NatsNames, SCRAPE_CATEGORY } from '#contracts';
import type { CacheEntry } from '#domain';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { cacheIndexChange } from './cache-index.projection.js';

/**
 * Keeps the cache index in step with completed scrapes. Only a newer fetch replaces an entry, so
 * a redelivered or replayed old event never hides a fresher copy.
 */
@Injectable()
export class CacheIndexProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    const kv = await new Kvm(this.nc).create(this.names.kvBucket(CACHE_INDEX_READ_MODEL), {
      ttl: CACHE_INDEX_TTL_MS,
    });
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_cache_index',
      category: SCRAPE_CATEGORY,
      type: 'ScrapeCompleted',
      // One at a time: the newer-wins check and the write must not interleave.
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: async (event) => {
        const change = cacheIndexChange(event);
        if (!change) return;
        const current = (await kv.get(change.key))?.json<CacheEntry>();
        if (current && current.fetchedAt >= change.entry.fetchedAt) return;
        await kv.put(change.key, JSON.stringify(change.entry));
      },
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
