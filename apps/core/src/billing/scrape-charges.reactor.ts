import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  apiKeyOf,
  CREDITS_CATEGORY,
  type NatsNames,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
} from '#contracts';
import { completedScrapeBasis } from '#domain';
import { CommandBus, consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';

/**
 * Charges every completed scrape to its team's ledger. A durable consumer: a crash means the
 * event comes again, and the ledger charges a scrape id only once, so each scrape is paid once.
 * Failed scrapes are not charged.
 */
@Injectable()
export class ScrapeChargesReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly bus: CommandBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'core_scrape_charges',
      category: SCRAPE_CATEGORY,
      type: 'ScrapeCompleted',
      concurrency: 16,
      ackWaitMs: 10_000,
      maxDeliver: 20,
      handle: async (event) => {
        const completed = event.data as ScrapeCompleted['data'];
        await this.bus.send(
          CREDITS_CATEGORY,
          'ChargeCredits',
          {
            teamId: completed.teamId,
            operationId: completed.scrapeId,
            basis: completedScrapeBasis(completed),
            at: event.createdAt,
            ...apiKeyOf(completed),
          },
          { correlationId: event.metadata.correlationId },
        );
      },
      onError: (error, event) =>
        this.logger.error(
          { err: error, eventId: event?.id, component: 'billing' },
          'charging a scrape failed',
        ),
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
