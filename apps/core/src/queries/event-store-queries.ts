import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsNames } from '#contracts';
import type { EventStore } from '#event-store';
import { type CommandHandler, NATS_CONNECTION, NATS_NAMES, serveCommands } from '#messaging';
import { EVENT_STORE } from '../event-store.provider.js';

/**
 * Queries core answers over NATS request/reply by reading the event store it owns (an
 * aggregate's own stream rather than a projection, so a client asking right after a write never
 * sees stale data). A subclass names its category and its handlers.
 */
@Injectable()
export abstract class EventStoreQueries implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) protected readonly store: EventStore,
  ) {}

  protected abstract readonly category: string;
  protected abstract handlers(): Record<string, CommandHandler>;

  onApplicationBootstrap() {
    this.subscriptions = serveCommands(this.nc, this.names, this.category, this.handlers());
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
