import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type NatsNames, type RecordedEvent, SCRAPE_CATEGORY } from '#contracts';
import { consumeEvents, type RunningConsumer } from '#messaging';

/** What one event writes into a latest-entry index: `entry` under `key`, as of `at` (ISO-8601). */
export interface LatestEntryChange<Entry> {
  key: string;
  entry: Entry;
  at: string;
}

/**
 * A KV read model holding, per key, the newest entry derived from ScrapeCompleted events. Only
 * a newer entry replaces an older one, so a redelivered or replayed event never hides a fresher
 * one, and replaying from position zero rebuilds the same index.
 */
export async function runLatestEntryIndex<Entry>(
  nc: NatsConnection,
  names: NatsNames,
  options: {
    readModel: string;
    worker: string;
    ttlMs?: number;
    project: (event: RecordedEvent) => LatestEntryChange<Entry> | null;
  },
): Promise<RunningConsumer> {
  const kv = await new Kvm(nc).create(
    names.kvBucket(options.readModel),
    options.ttlMs ? { ttl: options.ttlMs } : {},
  );
  return consumeEvents(nc, names, {
    worker: options.worker,
    kind: 'projection',
    category: SCRAPE_CATEGORY,
    type: 'ScrapeCompleted',
    // One at a time: the newer-wins check and the write must not interleave.
    concurrency: 1,
    ackWaitMs: 10_000,
    handle: async (event) => {
      const change = options.project(event);
      if (!change) return;
      const current = (await kv.get(change.key))?.json<{ at: string }>();
      if (current && current.at >= change.at) return;
      await kv.put(change.key, JSON.stringify({ ...change.entry, at: change.at }));
    },
  });
}
