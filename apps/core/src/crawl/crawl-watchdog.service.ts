import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { CRAWLS_IN_PROGRESS_READ_MODEL, type ExpireStalledPages, type NatsNames } from '#contracts';
import { type ConcurrencyQueue } from '#domain';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER } from '#observability';
import { PeriodicTask } from '../periodic-task.js';
import { TeamPageSlots } from '../team-page-slots/team-page-slots.service.js';
import { CrawlStates } from './crawl-states.service.js';

/**
 * Keeps crawls from stalling: a page whose scrape job is lost (a worker died after acking, a
 * message expired) would keep its crawl `scraping` forever. Every interval this sweeps the crawls
 * in progress and lets the aggregate fail the pages past their deadline; a crawl that has ended
 * leaves the list. The list lives in JetStream KV, so any core instance sweeps every crawl and a
 * restart forgets none; the aggregate makes repeated sweeps harmless.
 */
@Injectable()
export class CrawlWatchdog implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly inProgress: ReturnType<typeof lazyKv>;
  private readonly sweeps = new PeriodicTask(
    () => this.sweep(),
    (error) => this.logger.error({ err: error }, 'crawl watchdog sweep failed'),
  );

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    private readonly slots: TeamPageSlots,
    private readonly crawls: CrawlStates,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'crawl-watchdog' });
    this.inProgress = lazyKv(nc, names.kvBucket(CRAWLS_IN_PROGRESS_READ_MODEL));
  }

  onApplicationBootstrap() {
    this.sweeps.start(this.config.crawlWatchdogIntervalMs);
  }

  /** Puts a started crawl under watch; the entry names its team, for `GET /v2/crawl/active`. */
  async watch(crawlId: string, teamId: string) {
    await (await this.inProgress()).put(crawlId, teamId);
  }

  /** The crawls in progress that may be the team's: entries written before they named their team hold ''. */
  async *inProgressOf(teamId: string): AsyncIterable<string> {
    const kv = await this.inProgress();
    for await (const crawlId of await kv.keys()) {
      const owner = (await kv.get(crawlId))?.string();
      if (!owner || owner === teamId) yield crawlId;
    }
  }

  private async sweep() {
    const kv = await this.inProgress();
    // One read of a team's concurrency document per sweep: a page admitted or dispatched since is
    // only spared until the next sweep, as it is not stalled yet.
    const slotsOfTeam = new Map<string, ExpireStalledPages['data']['slots']>();
    for await (const crawlId of await kv.keys()) {
      const watched = await kv.get(crawlId);
      if (watched?.operation !== 'PUT') continue;
      const teamId = await this.crawls.read(crawlId, (state) =>
        state.status === 'scraping' ? state.teamId : undefined,
      );
      if (!teamId) {
        // Only the entry read before the stream: a batch given new pages meanwhile is under watch again.
        // A delete that loses that race (or fails) leaves the entry to the next sweep.
        await kv.delete(crawlId, { previousSeq: watched.revision }).catch(() => undefined);
        continue;
      }
      const slots = slotsOfTeam.get(teamId) ?? slotsOf(await this.slots.snapshot(teamId));
      slotsOfTeam.set(teamId, slots);
      const { events } = await this.crawls.execute(
        crawlId,
        {
          type: 'ExpireStalledPages',
          data: {
            crawlId,
            graceMs: this.config.crawlPageStallGraceMs,
            at: new Date().toISOString(),
            slots,
          },
        },
        { teamId },
      );
      const stalled = events.flatMap((event) => (event.type === 'PageFailed' ? [event.data.scrapeId] : []));
      if (stalled.length === 0) continue;
      this.logger.warn({ crawlId, stalled: stalled.length }, 'crawl pages timed out by the watchdog');
      // Their scrapes were lost: no outcome will free their slots, which this core keeps renewed.
      for (const scrapeId of stalled) await this.slots.release(teamId, scrapeId);
    }
  }

  async onApplicationShutdown() {
    await this.sweeps.stop();
  }
}

/** Which pages still wait for a slot of their team, and when those that waited got one. */
function slotsOf(queue: ConcurrencyQueue): ExpireStalledPages['data']['slots'] {
  return {
    waiting: queue.waiting.map((waiter) => waiter.ticket),
    startedAt: Object.fromEntries(
      queue.active.flatMap((slot) => (slot.since ? [[slot.ticket, new Date(slot.since).toISOString()]] : [])),
    ),
  };
}
