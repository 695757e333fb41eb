import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  CACHE_INDEX_READ_MODEL,
  CACHE_INDEX_TTL_MS,
  CHANGE_TRACKING_READ_MODEL,
  type NatsNames,
} from '#contracts';
import { NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { cacheIndexChange } from './cache-index/cache-index.projection.js';
import { changeHistoryChange } from './change-tracking/change-history.projection.js';
import { runLatestEntryIndex } from './latest-entry/latest-entry-index.js';

/** The scrape read models: the cache index and the change-tracking history. */
@Injectable()
export class ScrapeReadModelProjectors implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumers: RunningConsumer[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    this.consumers = await Promise.all([
      runLatestEntryIndex(this.nc, this.names, {
        readModel: CACHE_INDEX_READ_MODEL,
        worker: 'projector_cache_index',
        ttlMs: CACHE_INDEX_TTL_MS,
        project: cacheIndexChange,
      }),
      runLatestEntryIndex(this.nc, this.names, {
        readModel: CHANGE_TRACKING_READ_MODEL,
        worker: 'projector_change_tracking',
        project: changeHistoryChange,
      }),
    ]);
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
