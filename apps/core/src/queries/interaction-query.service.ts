import { Injectable } from '@nestjs/common';
import { type InteractionView, SCRAPE_CATEGORY, type ScrapeEvent, scrapeStreamId } from '#contracts';
import { fold, interactable, scrapeDecider } from '#domain';
import { EventStoreQueries } from './event-store-queries.js';

/**
 * `scrape.DescribeInteraction`: folds a scrape's stream and says whether the asking team may
 * interact with it, with the request (for a replay) and the live session.
 */
@Injectable()
export class InteractionQueryService extends EventStoreQueries {
  protected readonly category = SCRAPE_CATEGORY;

  protected handlers() {
    return {
      DescribeInteraction: async (payload: unknown) => {
        const { scrapeId, teamId } = payload as { scrapeId: string; teamId: string };
        const history = await this.store.readStream(scrapeStreamId(scrapeId));
        const state = fold(
          scrapeDecider,
          history.map((event) => ({ type: event.type, data: event.data }) as ScrapeEvent),
        );
        const completed = interactable(state, scrapeId, teamId);
        return {
          request: completed.request,
          session: completed.interaction.session,
          ended: completed.interaction.ended,
        } satisfies InteractionView;
      },
    };
  }
}
