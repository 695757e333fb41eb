import { API_KEYS_READ_MODEL } from '#accounts';
import {
  CACHE_INDEX_READ_MODEL,
  CACHE_INDEX_TTL_MS,
  CHANGE_TRACKING_READ_MODEL,
  type RecordedEvent,
} from '#contracts';
import { apiKeyChange } from '../api-keys/api-keys.projection.js';
import { cacheIndexChange } from '../cache-index/cache-index.projection.js';
import { changeHistoryChange } from '../change-tracking/change-history.projection.js';
import type { LatestEntryChange } from '../latest-entry/latest-entry-index.js';

/** A read model as its KV bucket holds it: key → JSON value. */
export type ReadModel = Map<string, string>;

/**
 * How a live projector fills its KV bucket, as a fold over the event log: the same pure change
 * functions and the same encoding, so a rebuild from position zero must equal the live model.
 */
export interface KvProjection {
  /** The read model's name: its bucket is `<prefix>_<name>`. */
  name: string;
  /** The bucket's entry lifetime, when it has one. */
  ttlMs?: number;
  apply(model: ReadModel, event: RecordedEvent): void;
}

/** The latest-entry indexes keep, per key, the entry of the newest `at`. */
function latestEntry(
  name: string,
  change: (event: RecordedEvent) => LatestEntryChange<object> | null,
  ttlMs?: number,
): KvProjection {
  return {
    name,
    ...(ttlMs ? { ttlMs } : {}),
    apply(model, event) {
      const next = change(event);
      if (!next) return;
      const current = model.get(next.key);
      if (current && (JSON.parse(current) as { at: string }).at >= next.at) return;
      model.set(next.key, JSON.stringify({ ...next.entry, at: next.at }));
    },
  };
}

/** Every KV read model of the projector (keep in step with the projector services). */
export const KV_PROJECTIONS: KvProjection[] = [
  {
    name: API_KEYS_READ_MODEL,
    apply(model, event) {
      const change = apiKeyChange(event);
      if (!change) return;
      if ('put' in change) model.set(change.put, JSON.stringify(change.entry));
      else model.delete(change.delete);
    },
  },
  latestEntry(CACHE_INDEX_READ_MODEL, cacheIndexChange, CACHE_INDEX_TTL_MS),
  latestEntry(CHANGE_TRACKING_READ_MODEL, changeHistoryChange),
];
