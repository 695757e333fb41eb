import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AUDIT_CATEGORY, type NatsNames, type StreamHistoryPage, TrawlError } from '#contracts';
import { type EventStore, timelineEntry } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES, serveCommands } from '#messaging';
import { EVENT_STORE } from '../event-store.provider.js';

/** Events per answer: a long stream (a credit ledger) is read page by page. */
const MAX_PAGE = 500;

/**
 * `audit.StreamHistory`: the timeline of one stream for the operator's admin API — the same
 * entries as `trawl history`, read from the event store that core owns.
 */
@Injectable()
export class StreamHistoryQueryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onApplicationBootstrap() {
    this.subscriptions = serveCommands(this.nc, this.names, AUDIT_CATEGORY, {
      StreamHistory: async (payload) => {
        const { streamId, fromRevision, limit } = payload as {
          streamId: string;
          fromRevision: number;
          limit: number;
        };
        const maxCount = Math.min(limit, MAX_PAGE);
        // One more than asked, to know whether a next page exists.
        const events = await this.store.readStream(streamId, { fromRevision, maxCount: maxCount + 1 });
        if (events.length === 0 && fromRevision === 0) {
          throw new TrawlError('NOT_FOUND', `Stream ${streamId} has no events`);
        }
        const page = events.slice(0, maxCount);
        return {
          streamId,
          events: page.map(timelineEntry),
          nextRevision: events.length > maxCount ? (page.at(-1)?.revision ?? fromRevision) + 1 : null,
        } satisfies StreamHistoryPage;
      },
    });
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
