import type { RecordedEvent, ScrapeEvent } from '#contracts';
import type { ChangeBaseline } from '#domain';
import type { LatestEntryChange } from '../latest-entry/latest-entry-index.js';

/** Pure: the baseline a completed scrape with markdown becomes for the next scrape of its page and tag. */
export function changeHistoryChange(event: RecordedEvent): LatestEntryChange<ChangeBaseline> | null {
  const e = { type: event.type, data: event.data } as ScrapeEvent;
  if (e.type !== 'ScrapeCompleted' || !e.data.changeTrackingKey) return null;
  const { scrapeId, documentBlob, fetchedAt } = e.data;
  return {
    key: e.data.changeTrackingKey,
    at: fetchedAt,
    entry: { scrapeId, documentBlob, scrapedAt: fetchedAt },
  };
}
