import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  type NatsNames,
  type RecordedEvent,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
  type ScrapeFailed,
} from '#contracts';

export type ScrapeOutcome =
  | { type: 'ScrapeCompleted'; data: ScrapeCompleted['data'] }
  | { type: 'ScrapeFailed'; data: ScrapeFailed['data'] }
  | { type: 'timeout' };

/**
 * The terminal events of scrapes (for the HTTP requests and monitor checks that started them):
 * one subscription, dispatched to whoever waits. Register the wait before starting the scrape, so
 * no outcome slips past.
 */
export class ScrapeOutcomeWaiter {
  private readonly waiting = new Map<string, (outcome: ScrapeOutcome) => void>();
  private readonly subscriptions: Subscription[];

  constructor(nc: NatsConnection, names: NatsNames) {
    this.subscriptions = (['ScrapeCompleted', 'ScrapeFailed'] as const).map((type) =>
      nc.subscribe(names.eventSubject(SCRAPE_CATEGORY, type), {
        callback: (err, msg) => {
          if (err) return;
          const event = msg.json<RecordedEvent>();
          const data = event.data as { scrapeId: string };
          this.waiting.get(data.scrapeId)?.({ type, data } as ScrapeOutcome);
        },
      }),
    );
  }

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

  /** Gives up waiting for a scrape: its waiter resolves with `timeout`. */
  cancel(scrapeId: string) {
    this.waiting.get(scrapeId)?.({ type: 'timeout' });
  }

  close() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    for (const settle of [...this.waiting.values()]) settle({ type: 'timeout' });
  }
}
