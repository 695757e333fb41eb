import { CACHE_INDEX_READ_MODEL, CACHE_INDEX_TTL_MS, type RecordedEvent, type ScrapeEvent } from '#contracts';
import type { CacheEntry } from '#domain';
import { type LatestEntryChange, latestEntryIndex } from '../latest-entry/latest-entry-index.js';

/** Pure: the cache-index entry a scrape event writes, if any (replaying it writes the same entry). */
function cacheIndexChange(event: RecordedEvent): LatestEntryChange<CacheEntry> | null {
  const e = { type: event.type, data: event.data } as ScrapeEvent;
  if (e.type !== 'ScrapeCompleted' || !e.data.cacheKey) return null;
  const { scrapeId, teamId, page, fetchedAt } = e.data;
  return {
    key: e.data.cacheKey,
    at: fetchedAt,
    entry: {
      scrapeId,
      teamId,
      url: page.url,
      statusCode: page.statusCode,
      contentType: page.contentType,
      bodyBlob: page.bodyBlob,
      ...(page.fileType ? { fileType: page.fileType } : {}),
      fetchedAt,
    },
  };
}

export const cacheIndexProjection = latestEntryIndex({
  readModel: CACHE_INDEX_READ_MODEL,
  worker: 'projector_cache_index',
  ttlMs: CACHE_INDEX_TTL_MS,
  project: cacheIndexChange,
});
