import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { NatsNames } from '#contracts';
import { EventRelay, type EventStore, KvCheckpointStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER, registerSampledGauge } from '#observability';
import { EVENT_STORE } from '../event-store.provider.js';

/** Publishes every committed event to NATS, in order, exactly once; then closes the store on shutdown. */
@Injectable()
export class EventRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private relay?: EventRelay;
  private unregisterMetrics: (() => void)[] = [];

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
    this.unregisterMetrics = this.registerLagMetrics(this.relay);
    this.logger.info({ component: 'relay' }, 'event relay started');
  }

  /** How far NATS subscribers are behind the store: events committed and not yet published, and the oldest one's age. */
  private registerLagMetrics(relay: EventRelay) {
    return [
      registerSampledGauge({
        name: 'trawl_relay_lag_events',
        help: 'Events committed to the event store and not yet published to NATS',
        sample: async () => [
          { value: Math.max(0, (await this.store.headPosition()) - relay.relayedPosition) },
        ],
      }),
      registerSampledGauge({
        name: 'trawl_relay_lag_seconds',
        help: 'Age of the oldest committed event not yet published to NATS (0 when the relay is caught up)',
        sample: async () => {
          const [oldest] = await this.store.readAll({ afterPosition: relay.relayedPosition, maxCount: 1 });
          return [{ value: oldest ? Math.max(0, (Date.now() - Date.parse(oldest.createdAt)) / 1000) : 0 }];
        },
      }),
    ];
  }

  async onApplicationShutdown() {
    for (const unregister of this.unregisterMetrics) unregister();
    await this.relay?.stop();
    await this.store.close();
  }
}
