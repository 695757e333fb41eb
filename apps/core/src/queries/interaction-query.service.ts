import { Injectable } from '@nestjs/common';
import { type InteractionView, SCRAPE_CATEGORY, type ScrapeEvent, scrapeStreamId } from '#contracts';
import { DomainError, fold, interactable, scrapeDecider } from '#domain';
import { EventStoreQueries } from './event-store-queries.js';

/**
 * `scrape.DescribeInteraction`: folds a scrape's stream and says whether the asking team may
 * interact with it, with the request (for a replay) and the live session; `scrape.DescribeScrape`:
 * whether the team has the scrape, and its status.
 */
@Injectable()
export class InteractionQueryService extends EventStoreQueries {
  protected readonly category = SCRAPE_CATEGORY;

  protected handlers() {
    return {
      DescribeInteraction: async (payload: unknown) => {
        const { scrapeId, teamId } = payload as { scrapeId: string; teamId: string };
        const state = await this.scrapeState(scrapeId);
        const completed = interactable(state, scrapeId, teamId);
        return {
          request: completed.request,
          session: completed.interaction.session,
          ended: completed.interaction.ended,
        } satisfies InteractionView;
      },
      /** Whether the team has this scrape, and how far it got (feedback is for finished ones). */
      DescribeScrape: async (payload: unknown) => {
        const { scrapeId, teamId } = payload as { scrapeId: string; teamId: string };
        const state = await this.scrapeState(scrapeId);
        if (state.status === 'initial' || state.teamId !== teamId) {
          throw new DomainError('SCRAPE_NOT_FOUND', `Scrape ${scrapeId} does not exist`);
        }
        return { status: state.status };
      },
    };
  }

  private async scrapeState(scrapeId: string) {
    const history = await this.store.readStream(scrapeStreamId(scrapeId));
    return fold(
      scrapeDecider,
      history.map((event) => ({ type: event.type, data: event.data }) as ScrapeEvent),
    );
  }
}
