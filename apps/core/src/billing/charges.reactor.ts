import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  apiKeyOf,
  BROWSER_CATEGORY,
  type BrowserSessionClosed,
  type ChargeCredits,
  CREDITS_CATEGORY,
  type NatsNames,
  type RecordedEvent,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
} from '#contracts';
import { browserSessionBasis, completedScrapeBasis, operationCost } from '#domain';
import { CommandBus, consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';

/** An event that pays for work: the charge it makes (undefined: nothing to pay). */
interface ChargedEvent {
  worker: string;
  category: string;
  type: string;
  chargeOf(event: RecordedEvent): Omit<ChargeCredits['data'], 'at'> | undefined;
}

const CHARGED_EVENTS: readonly ChargedEvent[] = [
  {
    worker: 'core_scrape_charges',
    category: SCRAPE_CATEGORY,
    type: 'ScrapeCompleted',
    chargeOf(event) {
      const completed = event.data as ScrapeCompleted['data'];
      return {
        teamId: completed.teamId,
        operationId: completed.scrapeId,
        basis: completedScrapeBasis(completed),
        ...apiKeyOf(completed),
      };
    },
  },
  {
    worker: 'core_browser_charges',
    category: BROWSER_CATEGORY,
    type: 'BrowserSessionClosed',
    chargeOf(event) {
      const closed = event.data as BrowserSessionClosed['data'];
      const basis = browserSessionBasis(closed.durationMs);
      if (operationCost(basis) === 0) return undefined;
      return { teamId: closed.teamId, operationId: closed.sessionId, basis, ...apiKeyOf(closed) };
    },
  },
];

/**
 * Charges completed scrapes and closed browser sessions to their team's ledger. Durable
 * consumers: a crash means the event comes again, and the ledger charges an operation id only
 * once, so each is paid once. Failed scrapes are not charged.
 */
@Injectable()
export class ChargesReactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumers: RunningConsumer[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly bus: CommandBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    for (const charged of CHARGED_EVENTS) {
      this.consumers.push(
        await consumeEvents(this.nc, this.names, {
          worker: charged.worker,
          category: charged.category,
          type: charged.type,
          concurrency: 16,
          ackWaitMs: 10_000,
          maxDeliver: 20,
          handle: async (event) => {
            const charge = charged.chargeOf(event);
            if (!charge) return;
            await this.bus.send(
              CREDITS_CATEGORY,
              'ChargeCredits',
              { ...charge, at: event.createdAt },
              { correlationId: event.metadata.correlationId },
            );
          },
          onError: (error, event) =>
            this.logger.error(
              { err: error, eventId: event?.id, component: 'billing' },
              `charging a ${charged.type} failed`,
            ),
        }),
      );
    }
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
