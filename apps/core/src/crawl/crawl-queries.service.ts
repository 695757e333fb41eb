import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  CRAWL_CATEGORY,
  type CrawlEvent,
  type CrawlView,
  crawlStreamId,
  type GetCrawl,
  type NatsNames,
} from '#contracts';
import { crawlDecider, DomainError, fold } from '#domain';
import type { EventStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES, serveCommands } from '#messaging';
import { EVENT_STORE } from '../event-store.provider.js';

/**
 * `GetCrawl`: a crawl's progress, read from its own stream rather than a projection, so that a
 * client polling right after `POST /v2/crawl` never sees "not found".
 */
@Injectable()
export class CrawlQueries implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onApplicationBootstrap() {
    this.subscriptions = serveCommands(this.nc, this.names, CRAWL_CATEGORY, {
      GetCrawl: (payload) => this.view(payload as GetCrawl),
    });
  }

  async view({ crawlId, skip, take }: GetCrawl): Promise<CrawlView> {
    const history = await this.store.readStream(crawlStreamId(crawlId));
    const state = fold(
      crawlDecider,
      history.map((event) => ({ type: event.type, data: event.data }) as CrawlEvent),
    );
    if (state.status === 'initial')
      throw new DomainError('CRAWL_NOT_FOUND', `Crawl ${crawlId} does not exist`);
    const finished = state.scraped.length + state.errors.length;
    return {
      crawlId,
      teamId: state.teamId,
      kind: state.kind,
      status: state.status,
      total: state.admitted,
      completed: finished,
      creditsUsed: state.scraped.length,
      expiresAt: state.expiresAt,
      returnLinks: state.returnLinks,
      scrapedPages: state.scraped.length,
      documentBlobs: state.scraped.slice(skip, skip + take).map((page) => page.documentBlob),
      errors: state.errors,
      robotsBlocked: state.robotsBlocked,
    };
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
