import {
  type CrawlEvent,
  type CrawlKind,
  type CrawlWebhook,
  type CrawlWebhookStage,
  crawlWebhookEventName,
  type RecordedEvent,
  type WebhookDeliveryRecord,
} from '#contracts';
import type { WebhookCall } from './webhook-sender.js';

/** What the outbox remembers of a crawl from its `CrawlStarted` until it ends. */
export interface CrawlWebhookSubscription {
  kind: CrawlKind;
  webhook: CrawlWebhook;
  returnLinks: boolean;
}

/** The stage a crawl event reports, or null for events receivers are not told about. */
export function crawlWebhookStageOf(event: CrawlEvent): CrawlWebhookStage | null {
  switch (event.type) {
    case 'CrawlStarted':
      return 'started';
    case 'PageScraped':
    case 'PageFailed':
      return 'page';
    case 'CrawlCompleted':
      return 'completed';
    case 'CrawlFailed':
      return 'failed';
    default:
      return null;
  }
}

/**
 * Pure: the webhook call of a crawl event, in Firecrawl's payload shape `{success, type, id,
 * webhookId, data, error?, metadata?}`: `*.page` carries the page's document (or, for a failed
 * page, `success: false` and the error), the other stages an empty `data`. Null when the
 * webhook's `events` leave this stage out.
 */
export function crawlWebhookCallOf(
  recorded: RecordedEvent,
  subscription: CrawlWebhookSubscription,
  document?: Record<string, unknown>,
): WebhookCall | null {
  const event = { type: recorded.type, data: recorded.data } as CrawlEvent;
  const stage = crawlWebhookStageOf(event);
  const { webhook, kind } = subscription;
  if (!stage || (webhook.events && !webhook.events.includes(stage))) return null;
  const error =
    event.type === 'PageFailed'
      ? `${event.data.code}: ${event.data.error}`
      : event.type === 'CrawlFailed'
        ? event.data.error
        : undefined;
  const payload = {
    success: error === undefined,
    type: crawlWebhookEventName(kind, stage),
    id: event.data.crawlId,
    webhookId: recorded.id,
    data: document ? [document] : [],
    ...(error !== undefined ? { error } : {}),
    ...(webhook.metadata ? { metadata: webhook.metadata } : {}),
  };
  return {
    webhookId: recorded.id,
    event: payload.type as WebhookDeliveryRecord['event'],
    url: webhook.url,
    headers: webhook.headers,
    body: JSON.stringify(payload),
  };
}
