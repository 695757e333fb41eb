import { CHANGE_TRACKING_READ_MODEL, type RecordedEvent, type ScrapeEvent } from '#contracts';
import type { ChangeBaseline } from '#domain';
import { type LatestEntryChange, latestEntryIndex } from '../latest-entry/latest-entry-index.js';

/** Pure: the baseline a completed scrape with markdown becomes for the next scrape of its page and tag. */
function changeHistoryChange(event: RecordedEvent): LatestEntryChange<ChangeBaseline> | null {
  const e = { type: event.type, data: event.data } as ScrapeEvent;
  if (e.type !== 'ScrapeCompleted' || !e.data.changeTrackingKey) return null;
  const { scrapeId, documentBlob, fetchedAt } = e.data;
  return {
    key: e.data.changeTrackingKey,
    at: fetchedAt,
    entry: { scrapeId, documentBlob, scrapedAt: fetchedAt },
  };
}

export const changeHistoryProjection = latestEntryIndex({
  readModel: CHANGE_TRACKING_READ_MODEL,
  worker: 'projector_change_tracking',
  project: changeHistoryChange,
});
