import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LlmModule } from '#llm';
import { AdminHttpController } from './admin/admin.http.controller.js';
import { AdminKeyGuard } from './admin/admin-key.guard.js';
import { AdminStreamsHttpController } from './admin/admin-streams.http.controller.js';
import { AgentHttpController } from './agent/agent.http.controller.js';
import { AgentRuns } from './agent/agent-runs.service.js';
import { ApiKeyGuard } from './auth/api-key.guard.js';
import { BrowserHttpController } from './browser/browser.http.controller.js';
import { BrowserSessionsService } from './browser/browser-sessions.service.js';
import { LiveViewHttpController } from './browser/live-view.http.controller.js';
import { LiveViewUrls } from './browser/live-view-urls.js';
import { BatchScrapeHttpController } from './crawl/batch-scrape.http.controller.js';
import { CrawlHttpController } from './crawl/crawl.http.controller.js';
import { CrawlJobs } from './crawl/crawl-jobs.service.js';
import { CrawlPrompts } from './crawl/crawl-prompts.service.js';
import { CrawlStatusSockets } from './crawl/crawl-status-sockets.js';
import { ZeroRetentionJobs } from './crawl/zero-retention-jobs.js';
import { CreditsGuard } from './credits/credits.guard.js';
import { CreditsService } from './credits/credits.service.js';
import { ExtractHttpController } from './extract/extract.http.controller.js';
import { ExtractService } from './extract/extract.service.js';
import { FeedbackHttpController } from './feedback/feedback.http.controller.js';
import { FeedbackService } from './feedback/feedback.service.js';
import { FileUrls } from './files/file-urls.js';
import { FilesHttpController } from './files/files.http.controller.js';
import { HealthHttpController } from './health/health.http.controller.js';
import { HealthCheckLogger } from './health/health-check-logger.js';
import { HostedIndexesHttpController } from './hosted-indexes/hosted-indexes.http.controller.js';
import { InteractHttpController } from './interact/interact.http.controller.js';
import { InteractService } from './interact/interact.service.js';
import { ConcurrencyLimiter } from './limits/concurrency-limiter.js';
import { RateLimitGuard } from './limits/rate-limit.guard.js';
import { MapHttpController } from './map/map.http.controller.js';
import { MapService } from './map/map.service.js';
import { MetricsHttpController } from './metrics/metrics.http.controller.js';
import { MonitorHttpController } from './monitor/monitor.http.controller.js';
import { MonitorService } from './monitor/monitor.service.js';
import { MonitorReadModels } from './monitor/monitor-read-models.js';
import { ParseHttpController } from './parse/parse.http.controller.js';
import { ParseService } from './parse/parse.service.js';
import { ApiConversionPools } from './scrape/conversion-pools.js';
import { ScrapeHttpController } from './scrape/scrape.http.controller.js';
import { ScrapeService } from './scrape/scrape.service.js';
import { ScrapeCache } from './scrape/scrape-cache.service.js';
import { ScrapeOutcomes } from './scrape/scrape-outcomes.service.js';
import { ZeroRetentionScrapes } from './scrape/zero-retention-scrape.service.js';
import { SearchHttpController } from './search/search.http.controller.js';
import { SearchService } from './search/search.service.js';
import { TeamHttpController } from './team/team.http.controller.js';

/** HTTP: validation, auth, limits; turns requests into commands on NATS. */
@Module({
  imports: [TerminusModule.forRoot({ logger: HealthCheckLogger }), DiscoveryModule, LlmModule.forRoot()],
  controllers: [
    ScrapeHttpController,
    ParseHttpController,
    InteractHttpController,
    BrowserHttpController,
    AgentHttpController,
    FeedbackHttpController,
    LiveViewHttpController,
    CrawlHttpController,
    BatchScrapeHttpController,
    ExtractHttpController,
    MapHttpController,
    SearchHttpController,
    HostedIndexesHttpController,
    FilesHttpController,
    HealthHttpController,
    MetricsHttpController,
    TeamHttpController,
    AdminHttpController,
    AdminStreamsHttpController,
    MonitorHttpController,
  ],
  providers: [
    AdminKeyGuard,
    ApiKeyGuard,
    RateLimitGuard,
    CreditsService,
    CreditsGuard,
    ConcurrencyLimiter,
    FileUrls,
    ScrapeOutcomes,
    ApiConversionPools,
    ScrapeCache,
    ScrapeService,
    ZeroRetentionScrapes,
    ParseService,
    InteractService,
    BrowserSessionsService,
    LiveViewUrls,
    FeedbackService,
    CrawlJobs,
    ZeroRetentionJobs,
    CrawlStatusSockets,
    CrawlPrompts,
    ExtractService,
    AgentRuns,
    MapService,
    SearchService,
    MonitorReadModels,
    MonitorService,
  ],
})
export class ApiModule {}
