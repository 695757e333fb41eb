import type { KV } from '@nats-io/kv';
import { type RecordedEvent, streamCategory } from '#contracts';
import { canonicalJson, type EventStore } from '#event-store';
import { follows, type Projection, type ProjectionContext } from '../projections/projection.js';
import { mapDocuments } from '../projections/read-model-documents.js';

/** A read model as its KV bucket holds it: key → JSON value. */
export type ReadModel = Map<string, string>;

export interface ReadModelDifference {
  /** Keys the rebuilt model has and the live one lacks. */
  missing: string[];
  /** Keys only the live model has. */
  extra: string[];
  /** Keys whose values differ. */
  changed: string[];
}

/**
 * Replays every event from global position zero through the projections into fresh read models
 * (by read model name), in one pass over the log, feeding each projection the events its live
 * consumer follows. `onProgress` gets the position reached and the events read.
 */
export async function rebuildReadModels(
  store: EventStore,
  projections: readonly Projection[],
  context: ProjectionContext,
  onProgress?: (position: number, events: number) => void,
): Promise<{ models: Map<string, ReadModel>; head: number; events: number }> {
  const models = new Map<string, ReadModel>();
  const documents = projections.map((projection) => {
    const own = projection.readModels.map(({ name }) => {
      const model: ReadModel = new Map();
      models.set(name, model);
      return [name, mapDocuments(model)] as const;
    });
    return Object.fromEntries(own);
  });
  const head = await store.headPosition();
  let position = 0;
  let events = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: position, maxCount: 1_000 });
    if (page.length === 0) break;
    for (const event of page) {
      const category = streamCategory(event.streamId);
      for (const [i, projection] of projections.entries()) {
        if (follows(projection, category, event.type)) await projection.apply(event, documents[i], context);
      }
    }
    position = (page.at(-1) as RecordedEvent).position;
    events += page.length;
    onProgress?.(position, events);
  }
  return { models, head, events };
}

/** The live model in its bucket, key → value, with each entry's revision (for compare-and-set). */
export async function readLiveModel(kv: KV): Promise<{ model: ReadModel; revisions: Map<string, number> }> {
  const model: ReadModel = new Map();
  const revisions = new Map<string, number>();
  for await (const key of await kv.keys()) {
    const entry = await kv.get(key);
    if (entry?.operation !== 'PUT') continue;
    model.set(key, entry.string());
    revisions.set(key, entry.revision);
  }
  return { model, revisions };
}

/** Key by key; values compared as JSON, whatever their key order. Entries past the bucket's TTL count as gone. */
export function diffReadModels(
  rebuilt: ReadModel,
  live: ReadModel,
  { ttlMs, now = Date.now() }: { ttlMs?: number; now?: number } = {},
): ReadModelDifference {
  const expired = (value: string) => {
    if (!ttlMs) return false;
    const at = (JSON.parse(value) as { at?: string }).at;
    return at !== undefined && Date.parse(at) < now - ttlMs;
  };
  const same = (a: string, b: string) => canonicalJson(JSON.parse(a)) === canonicalJson(JSON.parse(b));
  const difference: ReadModelDifference = { missing: [], extra: [], changed: [] };
  for (const [key, value] of rebuilt) {
    if (expired(value)) continue;
    const current = live.get(key);
    if (current === undefined) difference.missing.push(key);
    else if (!same(value, current)) difference.changed.push(key);
  }
  for (const key of live.keys()) if (!rebuilt.has(key)) difference.extra.push(key);
  return difference;
}

/**
 * Makes the live bucket equal to the rebuilt model by writing only the differences: JetStream KV
 * cannot rename a bucket, and writing in place means readers never see a half-filled model.
 * Each write is a compare-and-set against the revision read: an entry the running projector
 * changed meanwhile is newer than the rebuild and stays. Answers how many entries were skipped so.
 */
export async function swapInRebuilt(
  kv: KV,
  rebuilt: ReadModel,
  difference: ReadModelDifference,
  revisions: Map<string, number>,
): Promise<number> {
  let skipped = 0;
  const guarded = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch {
      skipped++;
    }
  };
  for (const key of difference.missing) await guarded(() => kv.create(key, rebuilt.get(key) as string));
  for (const key of difference.changed) {
    await guarded(() => kv.update(key, rebuilt.get(key) as string, revisions.get(key) ?? 0));
  }
  for (const key of difference.extra)
    await guarded(() => kv.delete(key, { previousSeq: revisions.get(key) }));
  return skipped;
}
