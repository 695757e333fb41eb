import { Injectable } from '@nestjs/common';
import { AUDIT_CATEGORY, type StreamHistoryPage, TrawlError } from '#contracts';
import { timelineEntry } from '#event-store';
import { EventStoreQueries } from './event-store-queries.js';

/** Events per answer: a long stream (a credit ledger) is read page by page. */
const MAX_PAGE = 500;

/**
 * `audit.StreamHistory`: the timeline of one stream for the operator's admin API — the same
 * entries as `trawl history`, read from the event store that core owns.
 */
@Injectable()
export class StreamHistoryQueryService extends EventStoreQueries {
  protected readonly category = AUDIT_CATEGORY;

  protected handlers() {
    return {
      StreamHistory: async (payload: unknown) => {
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
    };
  }
}
