import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KV } from '@nats-io/kv';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { assertPublicUrl } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { WebhookDeliveryRecord } from '#contracts';
import { LOGGER, webhookDeliveriesTotal } from '#observability';
import { retryDelayMs } from './webhook-retry.js';
import { signatureHeaders } from './webhook-signature.js';

const CALL_TIMEOUT_MS = 10_000;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** One webhook call to make: the same `webhookId` on every retry, unique per event. */
export interface WebhookCall {
  webhookId: string;
  event: WebhookDeliveryRecord['event'];
  url: string;
  headers?: Record<string, string>;
  body: string;
  /** Set when an operator asked for the call again: the log keeps it beside the first delivery. */
  redeliveryId?: string;
}

/** Where a call stands after an attempt: finished either way, or to be tried again at `retryAt`. */
export type AttemptOutcome = { status: 'delivered' | 'failed' } | { status: 'retrying'; retryAt: number };

/**
 * Makes webhook calls for the outbox (monitor and crawl events): signed, guarded against private
 * addresses, each attempt logged in a delivery-log bucket under the caller's key. The outbox decides
 * when to try again: after the jittered backoff (or what `Retry-After` asks for) this answers.
 */
@Injectable()
export class WebhookSender {
  private readonly logger: Logger;
  private readonly secret: string;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'webhooks' });
    this.secret = config.webhookSigningSecret ?? localWebhookSecret(config.dataDir);
  }

  /**
   * One attempt at `call`, unless the log already holds its final outcome (a redelivered event).
   * `lastTry`: fail it now unless this attempt gets through (its receiver is known to be down).
   */
  async attempt(call: WebhookCall, log: KV, key: string, lastTry = false): Promise<AttemptOutcome> {
    const previous = (await log.get(key))?.json<WebhookDeliveryRecord>();
    if (previous?.status === 'delivered' || previous?.status === 'failed') return { status: previous.status };
    const record: WebhookDeliveryRecord = previous ?? {
      webhookId: call.webhookId,
      event: call.event,
      url: call.url,
      status: 'retrying',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      ...(call.redeliveryId ? { redeliveryId: call.redeliveryId } : {}),
      updatedAt: new Date().toISOString(),
    };
    record.attempts++;
    const result = await this.call(call);
    Object.assign(record, {
      lastStatusCode: result.statusCode,
      lastError: result.error,
      updatedAt: new Date().toISOString(),
    });
    if (result.ok || result.final || lastTry || record.attempts >= this.config.webhookMaxAttempts) {
      record.status = result.ok ? 'delivered' : 'failed';
      webhookDeliveriesTotal.inc({ event: call.event, outcome: record.status });
      await log.put(key, JSON.stringify(record));
      if (!result.ok)
        this.logger.warn({ webhookId: call.webhookId, url: call.url, error: result.error }, 'webhook failed');
      return { status: record.status };
    }
    webhookDeliveriesTotal.inc({ event: call.event, outcome: 'retried' });
    await log.put(key, JSON.stringify(record));
    const delay = retryDelayMs(record.attempts, result.retryAfter, {
      baseMs: this.config.webhookRetryBaseMs,
      maxMs: MAX_RETRY_DELAY_MS,
    });
    return { status: 'retrying', retryAt: Date.now() + delay };
  }

  /** One POST; only a 2xx answer counts, redirects are not followed. `final`: retrying cannot help. */
  private async call(call: WebhookCall): Promise<{
    ok: boolean;
    final: boolean;
    statusCode: number | null;
    error: string | null;
    retryAfter: string | null;
  }> {
    try {
      await assertPublicUrl(call.url, this.config.allowedPrivateAddresses);
    } catch (error) {
      return { ok: false, final: true, statusCode: null, error: (error as Error).message, retryAfter: null };
    }
    try {
      const response = await fetch(call.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        headers: {
          ...call.headers,
          'content-type': 'application/json',
          'user-agent': 'Trawl-Webhooks',
          ...signatureHeaders(this.secret, call.webhookId, new Date(), call.body),
        },
        body: call.body,
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
