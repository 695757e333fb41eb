import type { MonitorEvent, MonitorWebhook, MonitorWebhookEvent, RecordedEvent } from '#contracts';

/** One webhook call to make: the same `webhookId` on every retry, unique per event. */
export interface WebhookDelivery {
  webhookId: string;
  event: MonitorWebhookEvent;
  monitorId: string;
  checkId: string;
  webhook: MonitorWebhook;
  body: string;
}

/**
 * Pure: the webhook call a monitor event asks for, or null (not a notifying event, no webhook,
 * or filtered out by the webhook's `events`). Payload shapes as in API-NOTES.md, "Webhooks".
 */
export function webhookDeliveryOf(recorded: RecordedEvent): WebhookDelivery | null {
  const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
  if (event.type !== 'PageChecked' && event.type !== 'CheckCompleted') return null;
  const webhook = event.data.notify.webhook;
  const name: MonitorWebhookEvent = event.type === 'PageChecked' ? 'monitor.page' : 'monitor.check.completed';
  if (!webhook || (webhook.events && !webhook.events.includes(name))) return null;
  const { monitorId, checkId } = event.data;
  const item =
    event.type === 'PageChecked'
      ? {
          monitorId,
          checkId,
          url: event.data.page.url,
          status: event.data.page.status,
          previousScrapeId: event.data.page.previousScrapeId,
          currentScrapeId: event.data.page.currentScrapeId,
          error: event.data.page.error,
          isMeaningful: event.data.page.judgment?.meaningful ?? null,
          judgment: event.data.page.judgment,
          diff: event.data.page.diff,
        }
      : { monitorId, checkId, status: event.data.status, summary: event.data.summary };
  const failed = event.type === 'CheckCompleted' && event.data.status === 'failed';
  const payload = {
    success: !failed,
    type: name,
    id: checkId,
    webhookId: recorded.id,
    data: [item],
    ...(failed && event.type === 'CheckCompleted' && event.data.error ? { error: event.data.error } : {}),
    ...(webhook.metadata ? { metadata: webhook.metadata } : {}),
  };
  return { webhookId: recorded.id, event: name, monitorId, checkId, webhook, body: JSON.stringify(payload) };
}
