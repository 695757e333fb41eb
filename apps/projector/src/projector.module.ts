import { Module } from '@nestjs/common';
import { ApiKeysProjector } from './api-keys/api-keys.projector.service.js';
import { CreditBalancesProjector } from './credit-balances/credit-balances.projector.service.js';
import { MonitorEmail } from './email/monitor-email.service.js';
import { MonitorViewsProjector } from './monitors/monitor-views.projector.service.js';
import { ScrapeReadModelProjectors } from './read-model-projectors.service.js';
import { SearchIndexProjector } from './search-index/search-index.projector.service.js';
import { TeamSettingsProjector } from './team-settings/team-settings.projector.service.js';
import { CrawlWebhooks } from './webhooks/crawl-webhooks.service.js';
import { MonitorWebhooks } from './webhooks/monitor-webhooks.service.js';
import { WebhookSender } from './webhooks/webhook-sender.js';

/** Projections: read models rebuilt from the event stream. */
@Module({
  providers: [
    ApiKeysProjector,
    ScrapeReadModelProjectors,
    CreditBalancesProjector,
    TeamSettingsProjector,
    SearchIndexProjector,
    MonitorViewsProjector,
    WebhookSender,
    MonitorWebhooks,
    CrawlWebhooks,
    MonitorEmail,
  ],
})
export class ProjectorModule {}
