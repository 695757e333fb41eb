import { Module } from '@nestjs/common';
import { CommandServer } from './commands/command-server.service.js';
import { eventStoreProvider } from './event-store.provider.js';
import { InteractionQueryService } from './queries/interaction-query.service.js';
import { EventRelayService } from './relay/event-relay.service.js';

/** Command handlers over the event store, and the relay that publishes what they commit. */
@Module({ providers: [eventStoreProvider, CommandServer, EventRelayService, InteractionQueryService] })
export class CoreModule {}
