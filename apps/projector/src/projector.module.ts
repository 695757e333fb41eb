import { Module } from '@nestjs/common';
import { MonitorEmail } from './email/monitor-email.service.js';
import { LiveProjections } from './projections/projections.service.js';
import { CrawlWebhooks } from './webhooks/crawl-webhooks.service.js';
import { MonitorWebhooks } from './webhooks/monitor-webhooks.service.js';
import { WebhookOutbox } from './webhooks/webhook-outbox.js';
import { WebhookSender } from './webhooks/webhook-sender.js';

/** Projections: read models rebuilt from the event stream, and the notifications they drive. */
@Module({
  providers: [LiveProjections, WebhookSender, WebhookOutbox, MonitorWebhooks, CrawlWebhooks, MonitorEmail],
})
export class ProjectorModule {}
