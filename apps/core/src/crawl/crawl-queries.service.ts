import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import {
  type ActiveCrawlView,
  CRAWL_CATEGORY,
  type CrawlView,
  type GetCrawl,
  type ListActiveCrawls,
  type NatsNames,
} from '#contracts';
import { activeCrawlOf, crawlViewOf } from '#domain';
import type { EventStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { EVENT_STORE } from '../event-store.provider.js';
import { EventStoreQueries } from '../queries/event-store-queries.js';
import { CrawlStates } from './crawl-states.service.js';
import { CrawlWatchdog } from './crawl-watchdog.service.js';

/**
 * `GetCrawl`: a crawl's progress, so that a client polling right after `POST /v2/crawl` never sees
 * "not found". `ListActiveCrawls`: a team's crawls still scraping, from the watchdog's list of
 * crawls in progress, each confirmed by its own stream.
 */
@Injectable()
export class CrawlQueries extends EventStoreQueries {
  protected readonly category = CRAWL_CATEGORY;

  constructor(
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(EVENT_STORE) store: EventStore,
    private readonly watchdog: CrawlWatchdog,
    private readonly crawls: CrawlStates,
  ) {
    super(nc, names, store);
  }

  protected handlers() {
    return {
      GetCrawl: (payload: unknown) => this.view(payload as GetCrawl),
      ListActiveCrawls: (payload: unknown) => this.active(payload as ListActiveCrawls),
    };
  }

  view({ crawlId, skip, take }: GetCrawl): Promise<CrawlView> {
    return this.crawls.read(crawlId, (state) => crawlViewOf(state, crawlId, skip, take));
  }

  /** Oldest first (crawl ids are time-ordered); batch scrapes are not crawls here, as in Firecrawl. */
  async active({ teamId }: ListActiveCrawls): Promise<ActiveCrawlView[]> {
    const crawls: ActiveCrawlView[] = [];
    for await (const crawlId of this.watchdog.inProgressOf(teamId)) {
      const active = await this.crawls.read(crawlId, (state) => activeCrawlOf(state, crawlId, teamId));
      if (active) crawls.push(active);
    }
    return crawls.sort((a, b) => a.id.localeCompare(b.id));
  }
}
