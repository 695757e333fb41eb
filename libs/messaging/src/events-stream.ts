import { type JetStreamManager, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';

/** Window in which JetStream drops a re-published event with the same `Nats-Msg-Id`. */
export const EVENTS_DUPLICATE_WINDOW_MS = 10 * 60_000;

/** Creates the stream of committed events unless it exists; whoever starts first (relay or consumer) does it. */
export async function ensureEventsStream(jsm: JetStreamManager, names: NatsNames): Promise<void> {
  const existing = await jsm.streams.info(names.eventsStream).catch(() => undefined);
  if (existing) return;
  await jsm.streams
    .add({
      name: names.eventsStream,
      subjects: [names.eventWildcard()],
      storage: StorageType.File,
      duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
    })
    .catch(async (error: unknown) => {
      // Lost a creation race with another process: fine if the stream now exists.
      if (!(await jsm.streams.info(names.eventsStream).catch(() => undefined))) throw error;
    });
}
