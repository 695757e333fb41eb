import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { assertPublicUrl } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  MONITOR_CATEGORY,
  MONITOR_WEBHOOK_DELIVERIES_READ_MODEL,
  type NatsNames,
  type WebhookDeliveryRecord,
} from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';
import { type WebhookDelivery, webhookDeliveryOf } from './monitor-webhook-payloads.js';
import { retryDelayMs } from './webhook-retry.js';
import { signatureHeaders } from './webhook-signature.js';

const CALL_TIMEOUT_MS = 10_000;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/**
 * Delivers monitor webhooks: an outbox over the monitor events. One event at a time, so calls
 * stay in event order; each call is retried with jittered backoff (or as `Retry-After` asks)
 * under the same `webhook-id`, and logged per check. A crash mid-retry redelivers the event
 * (at-least-once); receivers deduplicate by `webhook-id`.
 */
@Injectable()
export class MonitorWebhooks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly secret: string;
  private consumer?: RunningConsumer;
  private log?: KV;
  private stopping = false;
  /** Ends the current backoff wait early, so shutdown does not wait minutes for a retry. */
  private wake?: () => void;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-webhooks' });
    this.secret = config.webhookSigningSecret ?? localWebhookSecret(config.dataDir);
  }

  async onApplicationBootstrap() {
    this.log = await new Kvm(this.nc).create(this.names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitor_webhooks',
      category: MONITOR_CATEGORY,
      concurrency: 1,
      ackWaitMs: this.config.workerAckWaitMs,
      maxDeliver: 20,
      handle: async (event) => {
        const delivery = webhookDeliveryOf(event);
        if (delivery) await this.deliver(delivery);
      },
      onError: (error, event) =>
        this.logger.error({ err: error, eventId: event?.id }, 'webhook delivery interrupted'),
    });
  }

  private async deliver(delivery: WebhookDelivery) {
    const key = `${delivery.checkId}.${delivery.webhookId}`;
    const previous = (await this.log?.get(key))?.json<WebhookDeliveryRecord>();
    if (previous?.status === 'delivered' || previous?.status === 'failed') return;
    const record: WebhookDeliveryRecord = previous ?? {
      webhookId: delivery.webhookId,
      event: delivery.event,
      url: delivery.webhook.url,
      status: 'retrying',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      updatedAt: new Date().toISOString(),
    };
    for (;;) {
      if (this.stopping) throw new Error('shutting down; the delivery resumes after restart');
      record.attempts++;
      const result = await this.call(delivery);
      Object.assign(record, {
        lastStatusCode: result.statusCode,
        lastError: result.error,
        updatedAt: new Date().toISOString(),
      });
      if (result.ok || result.final || record.attempts >= this.config.webhookMaxAttempts) {
        record.status = result.ok ? 'delivered' : 'failed';
        await this.log?.put(key, JSON.stringify(record));
        if (!result.ok)
          this.logger.warn(
            { webhookId: delivery.webhookId, url: delivery.webhook.url, error: result.error },
            'webhook failed',
          );
        return;
      }
      await this.log?.put(key, JSON.stringify(record));
      const delay = retryDelayMs(record.attempts, result.retryAfter, {
        baseMs: this.config.webhookRetryBaseMs,
        maxMs: MAX_RETRY_DELAY_MS,
      });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** One POST; only a 2xx answer counts, redirects are not followed. `final`: retrying cannot help. */
  private async call(delivery: WebhookDelivery): Promise<{
    ok: boolean;
    final: boolean;
    statusCode: number | null;
    error: string | null;
    retryAfter: string | null;
  }> {
    try {
      await assertPublicUrl(delivery.webhook.url, this.config.allowedPrivateAddresses);
    } catch (error) {
      return { ok: false, final: true, statusCode: null, error: (error as Error).message, retryAfter: null };
    }
    try {
      const response = await fetch(delivery.webhook.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        headers: {
          ...delivery.webhook.headers,
          'content-type': 'application/json',
          'user-agent': 'Trawl-Webhooks',
          ...signatureHeaders(this.secret, delivery.webhookId, new Date(), delivery.body),
        },
        body: delivery.body,
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return {
        ok,
        final: false,
        statusCode: response.status,
        error: ok ? null : `The receiver answered HTTP ${response.status}`,
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      return {
        ok: false,
        final: false,
        statusCode: null,
        error: String((error as Error).cause ?? error),
        retryAfter: null,
      };
    }
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.wake?.();
    await this.consumer?.stop();
  }
}

/** A secret made once per data directory, so every projector sharing it signs alike. */
function localWebhookSecret(dataDir: string): string {
  const file = join(dataDir, 'webhook-signing-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
