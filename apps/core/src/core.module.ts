import { Module } from '@nestjs/common';
import { CommandServer } from './commands/command-server.service.js';
import { CrawlQueries } from './crawl/crawl-queries.service.js';
import { CrawlRunner } from './crawl/crawl-runner.service.js';
import { eventStoreProvider } from './event-store.provider.js';
import { EventRelayService } from './relay/event-relay.service.js';

/** Command handlers over the event store, the crawl runner, and the relay that publishes what they commit. */
@Module({ providers: [eventStoreProvider, CommandServer, CrawlQueries, CrawlRunner, EventRelayService] })
export class CoreModule {}
