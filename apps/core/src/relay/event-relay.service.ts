import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { NatsNames } from '#contracts';
import { EventRelay, type EventStore, KvCheckpointStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER } from '#observability';
import { EVENT_STORE } from '../event-store.provider.js';

/** Publishes every committed event to NATS, in order, exactly once; then closes the store on shutdown. */
@Injectable()
export class EventRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay?: EventRelay;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const checkpoints = await KvCheckpointStore.open(this.nc, this.names);
    this.relay = new EventRelay(this.store, this.nc, this.names, checkpoints, {
      // Retried forever: an operator needs to see that events are not reaching subscribers.
      onError: (error, failures) =>
        this.logger.error({ component: 'relay', err: error, failures }, 'event relay round failed; retrying'),
    });
    await this.relay.start();
    this.logger.info({ component: 'relay' }, 'event relay started');
  }

  async onApplicationShutdown() {
    await this.relay?.stop();
    await this.store.close();
  }
}
