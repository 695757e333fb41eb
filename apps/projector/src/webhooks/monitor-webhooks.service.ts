import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { MONITOR_CATEGORY, MONITOR_WEBHOOK_DELIVERIES_READ_MODEL, type NatsNames } from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';
import { webhookDeliveryOf } from './monitor-webhook-payloads.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Delivers monitor webhooks: an outbox over the monitor events. One event at a time, so calls
 * stay in event order; the sender retries each call and logs it per check. A crash mid-retry
 * redelivers the event (at-least-once); receivers deduplicate by `webhook-id`.
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
    const log = await new Kvm(this.nc).create(this.names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitor_webhooks',
      category: MONITOR_CATEGORY,
      concurrency: 1,
      ackWaitMs: this.config.workerAckWaitMs,
      maxDeliver: 20,
      handle: async (event) => {
        const delivery = webhookDeliveryOf(event);
        if (!delivery) return;
        const { webhookId, event: name, webhook, body } = delivery;
        await this.sender.deliver(
          { webhookId, event: name, url: webhook.url, headers: webhook.headers, body },
          log,
          `${delivery.checkId}.${webhookId}`,
        );
      },
      onError: (error, event) =>
        this.logger.error({ err: error, eventId: event?.id }, 'webhook delivery interrupted'),
    });
  }

  async beforeApplicationShutdown() {
    this.sender.stop();
    await this.consumer?.stop();
  }
}
