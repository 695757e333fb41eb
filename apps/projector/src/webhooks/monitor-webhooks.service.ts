import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  type CheckPage,
  type CheckView,
  type CheckWebhooksRedeliveryRequested,
  MONITOR_CATEGORY,
  MONITOR_CHECK_PAGES_READ_MODEL,
  MONITOR_CHECKS_READ_MODEL,
  MONITOR_WEBHOOK_DELIVERIES_READ_MODEL,
  type NatsNames,
  type RecordedEvent,
} from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, openKv, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';
import { notifierOptions } from '../notifier-options.js';
import { redeliveriesOf, type WebhookDelivery, webhookDeliveryOf } from './monitor-webhook-payloads.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Delivers monitor webhooks: an outbox over the monitor events. One event of a monitor at a time, so
 * its calls stay in event order, and monitors side by side, so one whose receiver is down waits
 * alone; the sender retries each call and logs it per check. A crash mid-retry redelivers the
 * event (at-least-once); receivers deduplicate by `webhook-id`.
 */
@Injectable()
export class MonitorWebhooks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private consumer?: RunningConsumer;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly sender: WebhookSender,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-webhooks' });
  }

  async onApplicationBootstrap() {
    const log = await openKv(this.nc, this.names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitor_webhooks',
      category: MONITOR_CATEGORY,
      ...notifierOptions(this.config, this.logger),
      maxDeliver: 20,
      handle: async (event) => {
        if (event.type === 'CheckWebhooksRedeliveryRequested') {
          for (const delivery of await this.redeliveries(event)) await this.deliver(delivery, log);
          return;
        }
        const delivery = webhookDeliveryOf(event);
        if (delivery) await this.deliver(delivery, log);
      },
      onError: (error, event) =>
        this.logger.error({ err: error, eventId: event?.id }, 'webhook delivery interrupted'),
    });
  }

  /** The calls of a check asked for again, built from its read models (the projector never reads the store). */
  private async redeliveries(recorded: RecordedEvent): Promise<WebhookDelivery[]> {
    const { teamId, monitorId, checkId } = (recorded as unknown as CheckWebhooksRedeliveryRequested).data;
    const checks = await openKv(this.nc, this.names.kvBucket(MONITOR_CHECKS_READ_MODEL));
    const check = (await checks.get(`${teamId}.${monitorId}.${checkId}`))?.json<CheckView>();
    if (!check) return [];
    const pagesKv = await openKv(this.nc, this.names.kvBucket(MONITOR_CHECK_PAGES_READ_MODEL));
    const keys: string[] = [];
    for await (const key of await pagesKv.keys(`${checkId}.*`)) keys.push(key);
    const pages: CheckPage[] = [];
    for (const key of keys.sort()) {
      const entry = await pagesKv.get(key);
      if (entry?.operation === 'PUT') pages.push(entry.json<CheckPage>());
    }
    return redeliveriesOf(recorded, check, pages);
  }

  /** Hands one call to the sender, logged per check (a redelivery under its own id). */
  private async deliver(delivery: WebhookDelivery, log: KV) {
    const { webhookId, event, webhook, body, redeliveryId } = delivery;
    await this.sender.deliver(
      {
        webhookId,
        event,
        url: webhook.url,
        headers: webhook.headers,
        body,
        ...(redeliveryId ? { redeliveryId } : {}),
      },
      log,
      `${delivery.checkId}.${webhookId}`,
    );
  }

  async beforeApplicationShutdown() {
    this.sender.stop();
    await this.consumer?.stop();
  }
}
