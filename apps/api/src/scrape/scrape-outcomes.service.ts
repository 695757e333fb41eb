import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsNames } from '#contracts';
import { NATS_CONNECTION, NATS_NAMES, ScrapeOutcomeWaiter } from '#messaging';

/** The API's view of scrapes finishing, for the HTTP requests waiting for them. */
@Injectable()
export class ScrapeOutcomes extends ScrapeOutcomeWaiter implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(NATS_NAMES) names: NatsNames) {
    super(nc, names);
  }

  onApplicationShutdown() {
    this.close();
  }
}
