import { type RecordedEvent, SCRAPE_CATEGORY } from '#contracts';
import type { Projection } from '../projections/projection.js';

/** What one event writes into a latest-entry index: `entry` under `key`, as of `at` (ISO-8601). */
export interface LatestEntryChange<Entry> {
  key: string;
  entry: Entry;
  at: string;
}

/**
 * A read model holding, per key, the newest entry derived from ScrapeCompleted events. Only a
 * newer entry replaces an older one, so a redelivered or replayed event never hides a fresher
 * one, and replaying from position zero rebuilds the same index.
 */
export function latestEntryIndex<Entry>(options: {
  readModel: string;
  worker: string;
  ttlMs?: number;
  project: (event: RecordedEvent) => LatestEntryChange<Entry> | null;
}): Projection {
  return {
    worker: options.worker,
    category: SCRAPE_CATEGORY,
    type: 'ScrapeCompleted',
    readModels: [{ name: options.readModel, ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}) }],
    async apply(event, documents) {
      const change = options.project(event);
      if (!change) return;
      const index = documents[options.readModel];
      const current = await index.get(change.key);
      if (current && (JSON.parse(current) as { at: string }).at >= change.at) return;
      await index.put(change.key, JSON.stringify({ ...change.entry, at: change.at }));
    },
  };
}
