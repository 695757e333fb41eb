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
import { WebhookOutbox } from './webhook-outbox.js';

/**
 * Delivers monitor webhooks: the calls of each monitor event go to the outbox, one event of a
 * monitor at a time so that its calls keep event order, logged per check. A crash before a call
 * is sent or queued redelivers the event (at-least-once); receivers deduplicate by `webhook-id`.
 */
@Injectable()
export class MonitorWebhooks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private consumer?: RunningConsumer;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly outbox: WebhookOutbox,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-webhooks' });
  }

  async onApplicationBootstrap() {
    const log = this.names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL);
    await openKv(this.nc, log); // the outbox opens it by name
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitor_webhooks',
      category: MONITOR_CATEGORY,
      ...notifierOptions(this.config, this.logger),
      maxDeliver: 20,
      handle: async (event) => {
        const deliveries =
          event.type === 'CheckWebhooksRedeliveryRequested'
            ? await this.redeliveries(event)
            : [webhookDeliveryOf(event)].filter((delivery) => delivery !== null);
        for (const [index, delivery] of deliveries.entries()) await this.deliver(event, index, delivery, log);
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

  /** Hands one call to the outbox, logged per check (a redelivery under its own id). */
  private async deliver(recorded: RecordedEvent, index: number, delivery: WebhookDelivery, log: string) {
    const { webhookId, event, webhook, body, redeliveryId } = delivery;
    await this.outbox.send(
      recorded,
      index,
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
    await this.consumer?.stop();
  }
}
