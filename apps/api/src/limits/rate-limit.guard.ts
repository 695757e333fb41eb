import type { NatsConnection } from '@nats-io/transport-node';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, TrawlError } from '#contracts';
import { RATE_WINDOW_MS, rateDecision, rateWindow } from '#domain';
import { KvCompareAndSet, lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';

const RATE_LIMITS_READ_MODEL = 'rate_limits';

/**
 * Requests per minute per team and per key, counted in a JetStream KV bucket that every api
 * instance shares (compare-and-set increments, entries expire after two windows). Runs after
 * ApiKeyGuard. Over the limit: 429 RATE_LIMIT_EXCEEDED with `Retry-After`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly counters: KvCompareAndSet;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    const kv = lazyKv(nc, names.kvBucket(RATE_LIMITS_READ_MODEL), { ttl: 2 * RATE_WINDOW_MS });
    this.counters = new KvCompareAndSet(kv, 'The rate limit counter');
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const window = rateWindow(Date.now());
    const limits = [
      { scope: 'team', id: request.teamId, limit: this.config.rateLimitPerTeam },
      { scope: 'key', id: request.keyId, limit: this.config.rateLimitPerKey },
    ];
    for (const { scope, id, limit } of limits) {
      if (limit === 0 || !id) continue;
      const count = await this.increment(`${scope}.${id}.${window.index}`);
      const decision = rateDecision(count, limit, window);
      if (!decision.allowed) {
        throw new TrawlError(
          'RATE_LIMIT_EXCEEDED',
          `Rate limit exceeded: ${limit} requests per minute per ${scope}; retry after ${decision.retryAfterSeconds}s`,
          undefined,
          decision.retryAfterSeconds,
        );
      }
    }
    return true;
  }

  /** Adds one to a shared counter and returns the new count. */
  private increment(key: string): Promise<number> {
    return this.counters.update(key, (current) => {
      const count = Number(current ?? 0) + 1;
      return { value: String(count), result: count };
    });
  }
}
