import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ApiKeyGuard } from './auth/api-key.guard.js';
import { FileUrls } from './files/file-urls.js';
import { FilesHttpController } from './files/files.http.controller.js';
import { HealthHttpController } from './health/health.http.controller.js';
import { RateLimitGuard } from './limits/rate-limit.guard.js';
import { MetricsHttpController } from './metrics/metrics.http.controller.js';
import { MonitorHttpController } from './monitor/monitor.http.controller.js';
import { MonitorService } from './monitor/monitor.service.js';
import { MonitorReadModels } from './monitor/monitor-read-models.js';
import { ScrapeHttpController } from './scrape/scrape.http.controller.js';
import { ScrapeService } from './scrape/scrape.service.js';
import { ScrapeCache } from './scrape/scrape-cache.service.js';
import { ScrapeOutcomes } from './scrape/scrape-outcomes.service.js';

/** HTTP: validation, auth, limits; turns requests into commands on NATS. */
@Module({
  imports: [TerminusModule],
  controllers: [
    ScrapeHttpController,
    FilesHttpController,
    HealthHttpController,
    MetricsHttpController,
    MonitorHttpController,
  ],
  providers: [
    ApiKeyGuard,
    RateLimitGuard,
    FileUrls,
    ScrapeOutcomes,
    ScrapeCache,
    ScrapeService,
    MonitorReadModels,
    MonitorService,
  ],
})
export class ApiModule {}
