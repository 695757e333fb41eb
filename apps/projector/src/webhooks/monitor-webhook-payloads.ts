import type {
  CheckPage,
  CheckView,
  CheckWebhooksRedeliveryRequested,
  MonitorEvent,
  MonitorWebhook,
  MonitorWebhookEvent,
  RecordedEvent,
} from '#contracts';

/** One webhook call to make: the same `webhookId` on every retry, unique per event. */
export interface WebhookDelivery {
  webhookId: string;
  event: MonitorWebhookEvent;
  monitorId: string;
  checkId: string;
  webhook: MonitorWebhook;
  body: string;
  /** The redelivery request this call answers, if it is one. */
  redeliveryId?: string;
}

/** What a finished check reports in `monitor.check.completed`. */
type CheckOutcome = Pick<CheckView, 'status' | 'summary' | 'error'>;

/**
 * Pure: the webhook call a monitor event asks for, or null (not a notifying event, no webhook,
 * or filtered out by the webhook's `events`). Payload shapes as in API-NOTES.md, "Webhooks".
 */
export function webhookDeliveryOf(recorded: RecordedEvent): WebhookDelivery | null {
  const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
  if (event.type !== 'PageChecked' && event.type !== 'CheckCompleted') return null;
  const { monitorId, checkId, notify } = event.data;
  if (!notify.webhook) return null;
  return event.type === 'PageChecked'
    ? pageDelivery(recorded.id, notify.webhook, monitorId, checkId, event.data.page)
    : completedDelivery(recorded.id, notify.webhook, monitorId, checkId, event.data);
}

/**
 * Pure: a redelivery sends the check's calls again from its read models (its pages, then its
 * completion) to the monitor's current webhook, under new webhook ids derived from the request's
 * event id: stable across retries and replays, distinct from the first delivery.
 */
export function redeliveriesOf(
  recorded: RecordedEvent,
  check: CheckView,
  pages: readonly CheckPage[],
): WebhookDelivery[] {
  const { monitorId, checkId, webhook } = (recorded as unknown as CheckWebhooksRedeliveryRequested).data;
  const id = (n: number) => `${recorded.id}-${String(n).padStart(4, '0')}`;
  const deliveries = pages.map((page, n) => pageDelivery(id(n), webhook, monitorId, checkId, page));
  const completion = completedDelivery(id(pages.length), webhook, monitorId, checkId, check);
  return [...deliveries, completion].flatMap((delivery) =>
    delivery ? [{ ...delivery, redeliveryId: recorded.id }] : [],
  );
}

function pageDelivery(
  webhookId: string,
  webhook: MonitorWebhook,
  monitorId: string,
  checkId: string,
  page: CheckPage,
): WebhookDelivery | null {
  const item = {
    monitorId,
    checkId,
    url: page.url,
    status: page.status,
    previousScrapeId: page.previousScrapeId,
    currentScrapeId: page.currentScrapeId,
    error: page.error,
    isMeaningful: page.judgment?.meaningful ?? null,
    judgment: page.judgment,
    diff: page.diff,
    // Crawl targets: whether the crawl still reached the page (`hidden`: checked directly).
    ...(page.visibility ? { visibility: page.visibility } : {}),
  };
  return delivery(webhookId, 'monitor.page', webhook, monitorId, checkId, { success: true, item });
}

function completedDelivery(
  webhookId: string,
  webhook: MonitorWebhook,
  monitorId: string,
  checkId: string,
  outcome: CheckOutcome,
): WebhookDelivery | null {
  const failed = outcome.status === 'failed';
  return delivery(webhookId, 'monitor.check.completed', webhook, monitorId, checkId, {
    success: !failed,
    item: { monitorId, checkId, status: outcome.status, summary: outcome.summary },
    ...(failed && outcome.error ? { error: outcome.error } : {}),
  });
}

function delivery(
  webhookId: string,
  name: MonitorWebhookEvent,
  webhook: MonitorWebhook,
  monitorId: string,
  checkId: string,
  content: { success: boolean; item: unknown; error?: string },
): WebhookDelivery | null {
  if (webhook.events && !webhook.events.includes(name)) return null;
  const payload = {
    success: content.success,
    type: name,
    id: checkId,
    webhookId,
    data: [content.item],
    ...(content.error ? { error: content.error } : {}),
    ...(webhook.metadata ? { metadata: webhook.metadata } : {}),
  };
  return { webhookId, event: name, monitorId, checkId, webhook, body: JSON.stringify(payload) };
}
