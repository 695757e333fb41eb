import { type EventStore, timelineEntry } from '#event-store';

/**
 * `trawl history <stream> [--json]`: the timeline of one stream (a scrape, a monitor, a team):
 * every event with time, revision, type, correlation and causation ids and a summary.
 * `--json`: one JSON object per line (the entry plus the event's data and metadata).
 */
export async function historyCommand(
  store: EventStore,
  streamId: string,
  json: boolean,
  out = process.stdout,
) {
  const events = await store.readStream(streamId);
  if (events.length === 0) throw new Error(`stream ${streamId} has no events (or does not exist)`);
  if (json) {
    for (const event of events) {
      out.write(
        `${JSON.stringify({ ...timelineEntry(event), streamId, id: event.id, data: event.data, metadata: event.metadata })}\n`,
      );
    }
    return;
  }
  const rows = events.map(timelineEntry);
  const width = (pick: (row: (typeof rows)[number]) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => pick(row).length));
  const columns: [string, (row: (typeof rows)[number]) => string][] = [
    ['TIME', (row) => row.time],
    ['REV', (row) => String(row.revision)],
    ['TYPE', (row) => row.type],
    ['CORRELATION', (row) => row.correlationId ?? '-'],
    ['CAUSATION', (row) => row.causationId ?? '-'],
  ];
  const widths = columns.map(([title, pick]) => width(pick, title));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  out.write(`${streamId}: ${events.length} events\n`);
  out.write(`${line(columns.map(([title]) => title))}  SUMMARY\n`);
  for (const row of rows) out.write(`${line(columns.map(([, pick]) => pick(row)))}  ${row.summary}\n`);
}
