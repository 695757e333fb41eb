import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type InteractionView,
  type NatsNames,
  SCRAPE_CATEGORY,
  type ScrapeEvent,
  scrapeStreamId,
} from '#contracts';
import { fold, interactable, scrapeDecider } from '#domain';
import type { EventStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES, serveCommands } from '#messaging';
import { EVENT_STORE } from '../event-store.provider.js';

/**
 * `scrape.DescribeInteraction`: folds a scrape's stream and says whether the asking team may
 * interact with it, with the request (for a replay) and the live session. Read from the
 * aggregate, not a projection, so an interact call right after its scrape never sees stale data.
 */
@Injectable()
export class InteractionQueryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onApplicationBootstrap() {
    this.subscriptions = serveCommands(this.nc, this.names, SCRAPE_CATEGORY, {
      DescribeInteraction: async (payload) => {
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
    });
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
