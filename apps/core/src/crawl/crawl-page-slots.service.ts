import type { NatsConnection } from '@nats-io/transport-node';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, TrawlError } from '#contracts';
import { acquire, type ConcurrencyQueue, release } from '#domain';
import { NATS_CONNECTION, NATS_NAMES, TeamConcurrencyDocuments } from '#messaging';

/** How often a waiting page looks again for a free slot. */
const POLL_MS = 250;
/**
 * A waiting page's place is renewed in steps of this long, so that a core that dies leaves its
 * pages' places within two steps, and looks that change nothing write nothing.
 */
const PLACE_STEP_MS = 30_000;
/** A slot outlives its page's timeout by this much before it frees itself: the page may wait for a browser first. */
const LEASE_GRACE_MS = 60_000;

/**
 * The pages of crawls and batch scrapes count against `CONCURRENCY_PER_TEAM` with the team's
 * scrapes, as in Firecrawl: a page that would need the browser takes a slot of its team's
 * concurrency document first, waiting behind the team's scrapes and its earlier pages, and
 * frees it when its scrape ends. So one team's crawls cannot fill the browsers' queue past its
 * limit, and `GET /v2/team/queue-status` shows them.
 */
@Injectable()
export class CrawlPageSlots implements BeforeApplicationShutdown {
  private readonly documents: TeamConcurrencyDocuments;
  private stopping = false;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.documents = new TeamConcurrencyDocuments(nc, names);
  }

  /**
   * Waits for a slot for the page (its scrape id) and holds it; a page that holds one already has
   * it at once. Answers whether the page had to wait.
   */
  async take(teamId: string, scrapeId: string, timeoutMs: number): Promise<boolean> {
    for (let polls = 0; ; polls++) {
      if (this.stopping) {
        await this.release(teamId, scrapeId);
        throw new TrawlError('SERVICE_UNAVAILABLE', 'core is stopping: the page waits on another instance');
      }
      const now = Date.now();
      const admitted = await this.documents.update(teamId, (queue) => {
        const result = acquire(queue, {
          ticket: scrapeId,
          now,
          limit: this.config.concurrencyPerTeam,
          leaseUntil: now + timeoutMs + LEASE_GRACE_MS,
          giveUpAt: (Math.ceil(now / PLACE_STEP_MS) + 1) * PLACE_STEP_MS,
          background: true,
        });
        return { queue: result.queue, result: result.admitted };
      });
      if (admitted) return polls > 0;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Frees the page's slot or place; a page that succeeded is the team's newest success. */
  release(teamId: string, scrapeId: string, succeededAt?: string): Promise<void> {
    return this.documents.update(teamId, (queue) => ({
      queue: release(queue, scrapeId, succeededAt),
      result: undefined,
    }));
  }

  /** The team's running and waiting scrapes and pages, for the watchdog's judgement of stalled pages. */
  snapshot(teamId: string): Promise<ConcurrencyQueue> {
    return this.documents.snapshot(teamId);
  }

  /** Before the consumers stop, so that pages waiting here go back to the queue at once. */
  beforeApplicationShutdown() {
    this.stopping = true;
  }
}
