import type { RecordedEvent } from '#contracts';
import { type EventStore, occurredAt } from '#event-store';

export interface EventsFilter {
  /** Events after this global position (e.g. the last `position` of an earlier export). */
  afterPosition?: number;
  /** Events that occurred at or after this instant. */
  since?: Date;
  type?: string;
  streamPrefix?: string;
}

/** Parses `--since`: a global position (digits) or an ISO-8601 time. */
export function parseSince(since: string | undefined): Pick<EventsFilter, 'afterPosition' | 'since'> {
  if (since === undefined) return {};
  if (/^\d+$/.test(since)) return { afterPosition: Number(since) };
  const time = new Date(since);
  if (Number.isNaN(time.getTime()))
    throw new Error(`--since: "${since}" is neither a position nor an ISO-8601 time`);
  return { since: time };
}

/**
 * `trawl events [--since <time|position>] [--type X] [--stream-prefix Y]`: the global log as JSON
 * lines, in commit order. A time filter scans from the start (stores index by position only).
 */
export async function eventsCommand(
  store: EventStore,
  filter: EventsFilter,
  out = process.stdout,
): Promise<number> {
  const since = filter.since?.toISOString();
  const keep = (event: RecordedEvent) =>
    (filter.type === undefined || event.type === filter.type) &&
    (filter.streamPrefix === undefined || event.streamId.startsWith(filter.streamPrefix)) &&
    (since === undefined || occurredAt(event) >= since);
  let position = filter.afterPosition ?? 0;
  let written = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: position, maxCount: 1_000 });
    if (page.length === 0) return written;
    for (const event of page) {
      if (!keep(event)) continue;
      // Respect the pipe: a slow reader (| head, | gzip) must not make the export buffer everything.
      if (!out.write(`${JSON.stringify(event)}\n`))
        await new Promise((resolve) => out.once('drain', resolve));
      written++;
    }
    position = (page.at(-1) as RecordedEvent).position;
  }
}
