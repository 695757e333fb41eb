import { Module } from '@nestjs/common';
import { ScrapeChargesReactor } from './billing/scrape-charges.reactor.js';
import { CommandServer } from './commands/command-server.service.js';
import { eventStoreProvider } from './event-store.provider.js';
import { InteractionQueryService } from './queries/interaction-query.service.js';
import { EventRelayService } from './relay/event-relay.service.js';

/** Command handlers over the event store, the relay that publishes what they commit, billing and queries. */
@Module({
  providers: [
    eventStoreProvider,
    CommandServer,
    EventRelayService,
    ScrapeChargesReactor,
    InteractionQueryService,
  ],
})
export class CoreModule {}
