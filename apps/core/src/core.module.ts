import { Module } from '@nestjs/common';
import { LlmModule } from '#llm';
import { ChargesReactor } from './billing/charges.reactor.js';
import { LostSessionsSweep } from './browser-sessions/lost-sessions-sweep.service.js';
import { CommandServer } from './commands/command-server.service.js';
import { AgentNavigator } from './crawl/agent-navigator.service.js';
import { CrawlQueries } from './crawl/crawl-queries.service.js';
import { CrawlRunner } from './crawl/crawl-runner.service.js';
import { CrawlStates } from './crawl/crawl-states.service.js';
import { CrawlWatchdog } from './crawl/crawl-watchdog.service.js';
import { eventStoreProvider } from './event-store.provider.js';
import { CheckRetention } from './monitor-checks/check-retention.service.js';
import { CheckStartedHandler } from './monitor-checks/check-started.handler.js';
import { MonitorCrawlTargets } from './monitor-checks/crawl-target.service.js';
import { MonitorScheduler } from './monitor-checks/monitor-scheduler.service.js';
import { MonitorSearchTargets } from './monitor-checks/search-target.service.js';
import { StuckCheckWatchdog } from './monitor-checks/stuck-check-watchdog.service.js';
import { BrowserSessionQueryService } from './queries/browser-session-query.service.js';
import { InteractionQueryService } from './queries/interaction-query.service.js';
import { StreamHistoryQueryService } from './queries/stream-history-query.service.js';
import { EventRelayService } from './relay/event-relay.service.js';
import { TeamPageSlots } from './team-page-slots/team-page-slots.service.js';

/** Command handlers over the event store, the relay that publishes what they commit, billing, crawls, monitor checks and queries. */
@Module({
  imports: [LlmModule.forRoot()],
  providers: [
    eventStoreProvider,
    CommandServer,
    EventRelayService,
    ChargesReactor,
    InteractionQueryService,
    BrowserSessionQueryService,
    LostSessionsSweep,
    StreamHistoryQueryService,
    AgentNavigator,
    CrawlQueries,
    TeamPageSlots,
    CrawlRunner,
    CrawlStates,
    CrawlWatchdog,
    MonitorScheduler,
    MonitorCrawlTargets,
    MonitorSearchTargets,
    CheckStartedHandler,
    StuckCheckWatchdog,
    CheckRetention,
  ],
})
export class CoreModule {}
