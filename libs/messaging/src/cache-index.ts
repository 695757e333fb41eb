import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { CACHE_INDEX_READ_MODEL, CACHE_INDEX_TTL_MS, type NatsNames, type ScrapeRequest } from '#contracts';
import { type CacheEntry, type CacheVerdict, cacheKey, cacheVerdict, isCacheEligible } from '#domain';
import { lazyKv } from './lazy-kv.js';

/**
 * Reads the cache index projection for scrapes (the api's) and crawl and batch pages (core's):
 * the team's copy of a request's page variant, judged by maxAge / minAge / lockdown.
 */
export class CacheIndex {
  private readonly kv: () => Promise<KV>;

  constructor(nc: NatsConnection, names: NatsNames) {
    this.kv = lazyKv(nc, names.kvBucket(CACHE_INDEX_READ_MODEL), { ttl: CACHE_INDEX_TTL_MS });
  }

  async verdict(teamId: string, request: ScrapeRequest): Promise<CacheVerdict> {
    if (!isCacheEligible(request)) return { use: 'scrape' };
    const entry = (await (await this.kv()).get(cacheKey(teamId, request)))?.json<CacheEntry>();
    return cacheVerdict(request, entry, Date.now());
  }
}
