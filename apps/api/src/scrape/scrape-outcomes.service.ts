import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type NatsNames,
  type RecordedEvent,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
  type ScrapeFailed,
} from '#contracts';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';

export type ScrapeOutcome =
  | { type: 'ScrapeCompleted'; data: ScrapeCompleted['data'] }
  | { type: 'ScrapeFailed'; data: ScrapeFailed['data'] }
  | { type: 'timeout' };

/**
 * The API's view of scrapes finishing: one subscription to the terminal scrape events, dispatched
 * to the HTTP requests waiting for them. Register a wait before sending StartScrape, so no outcome
 * can slip past.
 */
@Injectable()
export class ScrapeOutcomes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly waiting = new Map<string, (outcome: ScrapeOutcome) => void>();
  private readonly subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  onApplicationBootstrap() {
    for (const type of ['ScrapeCompleted', 'ScrapeFailed'] as const) {
      this.subscriptions.push(
        this.nc.subscribe(this.names.eventSubject(SCRAPE_CATEGORY, type), {
          callback: (err, msg) => {
            if (err) return;
            const event = msg.json<RecordedEvent>();
            const data = event.data as { scrapeId: string };
            this.waiting.get(data.scrapeId)?.({ type, data } as ScrapeOutcome);
          },
        }),
      );
    }
  }

  /** Resolves with the scrape's terminal event, or `timeout` after `timeoutMs`. */
  waitFor(scrapeId: string, timeoutMs: number): Promise<ScrapeOutcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ type: 'timeout' }), timeoutMs);
      const settle = (outcome: ScrapeOutcome) => {
        clearTimeout(timer);
        this.waiting.delete(scrapeId);
        resolve(outcome);
      };
      this.waiting.set(scrapeId, settle);
    });
  }

  cancel(scrapeId: string) {
    this.waiting.get(scrapeId)?.({ type: 'timeout' });
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
