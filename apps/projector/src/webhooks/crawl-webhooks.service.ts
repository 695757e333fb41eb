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
  CRAWL_CATEGORY,
  CRAWL_RESULT_TTL_MS,
  CRAWL_WEBHOOK_DELIVERIES_READ_MODEL,
  CRAWL_WEBHOOKS_READ_MODEL,
  type CrawlEvent,
  crawledDocumentForClient,
  type NatsNames,
  type RecordedEvent,
} from '#contracts';
import {
  BLOB_STORE,
  type BlobStore,
  consumeEvents,
  lazyKv,
  NATS_CONNECTION,
  NATS_NAMES,
  openKv,
  type RunningConsumer,
} from '#messaging';
import { LOGGER } from '#observability';
import { notifierOptions } from '../notifier-options.js';
import {
  type CrawlWebhookSubscription,
  crawlWebhookCallOf,
  crawlWebhookStageOf,
} from './crawl-webhook-payloads.js';
import { WebhookOutbox } from './webhook-outbox.js';

/**
 * Delivers crawl and batch-scrape webhooks: the calls of each crawl event go to the outbox, one event
 * of a crawl at a time so that they keep event order, as monitor webhooks do. A crawl's webhook is
 * remembered from its `CrawlStarted` until the crawl ends (a batch's until it is cancelled); both
 * buckets expire with the crawl's results.
 */
@Injectable()
export class CrawlWebhooks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private consumer?: RunningConsumer;
  private readonly subscriptions: ReturnType<typeof lazyKv>;
  private readonly logBucket: string;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly outbox: WebhookOutbox,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'crawl-webhooks' });
    this.subscriptions = lazyKv(nc, names.kvBucket(CRAWL_WEBHOOKS_READ_MODEL), { ttl: CRAWL_RESULT_TTL_MS });
    this.logBucket = names.kvBucket(CRAWL_WEBHOOK_DELIVERIES_READ_MODEL);
  }

  async onApplicationBootstrap() {
    await openKv(this.nc, this.logBucket, { ttl: CRAWL_RESULT_TTL_MS }); // the outbox opens it by name
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_crawl_webhooks',
      category: CRAWL_CATEGORY,
      ...notifierOptions(this.config, this.logger),
      maxDeliver: 20,
      handle: (event) => this.onCrawlEvent(event),
      onError: (error, event) =>
        this.logger.error({ err: error, eventId: event?.id }, 'crawl webhook delivery interrupted'),
    });
  }

  private async onCrawlEvent(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as CrawlEvent;
    // Frontier events (queued, dispatched) concern no receiver: no need to look the crawl up.
    if (!crawlWebhookStageOf(event) && event.type !== 'CrawlCancelled') return;
    const subscriptions = await this.subscriptions();
    const crawlId = event.data.crawlId;
    if (event.type === 'CrawlStarted') {
      if (!event.data.webhook) return;
      const subscription: CrawlWebhookSubscription = {
        kind: event.data.kind,
        webhook: event.data.webhook,
        returnLinks: event.data.returnLinks,
      };
      await subscriptions.put(crawlId, JSON.stringify(subscription));
    }
    const entry = await subscriptions.get(crawlId);
    if (entry?.operation !== 'PUT') return;
    const subscription = entry.json<CrawlWebhookSubscription>();
    const document =
      event.type === 'PageScraped' ? await this.document(event.data.documentBlob, subscription) : undefined;
    const call = crawlWebhookCallOf(recorded, subscription, document);
    if (call) await this.outbox.send(recorded, 0, call, this.logBucket, `${crawlId}.${call.webhookId}`);
    // A finished batch may have URLs appended (its pages and completion are reported again): its
    // subscription stays until it expires with the results.
    const ended = event.type === 'CrawlCompleted' || event.type === 'CrawlFailed';
    if (event.type === 'CrawlCancelled' || (ended && subscription.kind === 'crawl'))
      await subscriptions.delete(crawlId);
  }

  /** The page's document as `GET /v2/crawl/{id}` shows it. */
  private async document(blob: string, subscription: CrawlWebhookSubscription) {
    const text = await this.blobs.getText(blob);
    if (text === undefined) throw new Error(`The crawled document ${blob} is missing`);
    return crawledDocumentForClient(JSON.parse(text) as Record<string, unknown>, subscription.returnLinks);
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }
}
