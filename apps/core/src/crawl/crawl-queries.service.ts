import { Injectable } from '@nestjs/common';
import { CRAWL_CATEGORY, type CrawlEvent, type CrawlView, crawlStreamId, type GetCrawl } from '#contracts';
import { crawlDecider, DomainError, fold } from '#domain';
import { EventStoreQueries } from '../queries/event-store-queries.js';

/** `GetCrawl`: a crawl's progress, so that a client polling right after `POST /v2/crawl` never sees "not found". */
@Injectable()
export class CrawlQueries extends EventStoreQueries {
  protected readonly category = CRAWL_CATEGORY;

  protected handlers() {
    return { GetCrawl: (payload: unknown) => this.view(payload as GetCrawl) };
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
}
