import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  apiKeyOf,
  BROWSER_CATEGORY,
  type BrowserSessionClosed,
  type ChargeCredits,
  CRAWL_CATEGORY,
  CREDITS_CATEGORY,
  type NatsNames,
  type PageFailed,
  type RecordedEvent,
  type RefundCredits,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
} from '#contracts';
import { browserSessionBasis, completedScrapeBasis, operationCost } from '#domain';
import { CommandBus, consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';

/** An event that pays for work, or gives a charge back: the ledger command it sends (undefined: none). */
interface BilledEvent {
  worker: string;
  category: string;
  type: string;
  commandOf(event: RecordedEvent): LedgerCommand | undefined;
}

type LedgerCommand =
  | { type: 'ChargeCredits'; data: Omit<ChargeCredits['data'], 'at'> }
  | { type: 'RefundCredits'; data: Omit<RefundCredits['data'], 'at'> };

const BILLED_EVENTS: readonly BilledEvent[] = [
  {
    worker: 'core_scrape_charges',
    category: SCRAPE_CATEGORY,
    type: 'ScrapeCompleted',
    commandOf(event) {
      const completed = event.data as ScrapeCompleted['data'];
      return {
        type: 'ChargeCredits',
        data: {
          teamId: completed.teamId,
          operationId: completed.scrapeId,
          basis: completedScrapeBasis(completed),
          ...apiKeyOf(completed),
        },
      };
    },
  },
  {
    worker: 'core_browser_charges',
    category: BROWSER_CATEGORY,
    type: 'BrowserSessionClosed',
    commandOf(event) {
      const closed = event.data as BrowserSessionClosed['data'];
      const basis = browserSessionBasis(closed.durationMs);
      if (operationCost(basis) === 0) return undefined;
      return {
        type: 'ChargeCredits',
        data: { teamId: closed.teamId, operationId: closed.sessionId, basis, ...apiKeyOf(closed) },
      };
    },
  },
  {
    // A crawl's page that redirected to a page the crawl has is not returned, so not paid for. Its
    // charge may not be booked yet (another consumer books it): the refund is retried until it is.
    worker: 'core_crawl_refunds',
    category: CRAWL_CATEGORY,
    type: 'PageFailed',
    commandOf(event) {
      const failed = event.data as PageFailed['data'];
      if (!failed.refundTeamId) return undefined;
      return {
        type: 'RefundCredits',
        data: { teamId: failed.refundTeamId, operationId: failed.scrapeId, reason: failed.code },
      };
    },
  },
];

/**
 * Charges completed scrapes and closed browser sessions to their team's ledger, and gives back the
 * charge of a crawl page the crawl does not return. Durable consumers: a crash means the event
 * comes again, and the ledger charges (and refunds) an operation id only once, so each is paid
 * once. Failed scrapes are not charged.
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
    for (const billed of BILLED_EVENTS) {
      this.consumers.push(
        await consumeEvents(this.nc, this.names, {
          worker: billed.worker,
          category: billed.category,
          type: billed.type,
          concurrency: 16,
          ackWaitMs: 10_000,
          maxDeliver: 20,
          handle: async (event) => {
            const command = billed.commandOf(event);
            if (!command) return;
            await this.bus.send(
              CREDITS_CATEGORY,
              command.type,
              { ...command.data, at: event.createdAt },
              { correlationId: event.metadata.correlationId },
            );
          },
          onError: (error, event) =>
            this.logger.error(
              { err: error, eventId: event?.id, component: 'billing' },
              `billing a ${billed.type} failed`,
            ),
        }),
      );
    }
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
