import { Module } from '@nestjs/common';
import { CommandServer } from './commands/command-server.service.js';
import { eventStoreProvider } from './event-store.provider.js';
import { CheckStartedHandler } from './monitor-checks/check-started.handler.js';
import { MonitorScheduler } from './monitor-checks/monitor-scheduler.service.js';
import { EventRelayService } from './relay/event-relay.service.js';

/** Command handlers over the event store, the relay that publishes what they commit, and the monitor scheduler and checks. */
@Module({
  providers: [eventStoreProvider, CommandServer, EventRelayService, MonitorScheduler, CheckStartedHandler],
})
export class CoreModule {}
