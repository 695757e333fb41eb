import { Module } from '@nestjs/common';
import { MonitorEmail } from './email/monitor-email.service.js';
import { LiveProjections } from './projections/projections.service.js';
import { MonitorWebhooks } from './webhooks/monitor-webhooks.service.js';

/** Projections: read models rebuilt from the event stream, and the notifications they drive. */
@Module({
  providers: [LiveProjections, MonitorWebhooks, MonitorEmail],
})
export class ProjectorModule {}
