import type { RecordedEvent } from '#contracts';
import type { EventStore, ExpectedRevision, NewEvent } from '../event-store.port.js';

/** How far a migration got: resume by passing it back. */
export interface MigrationCheckpoint {
  /** Source position of the last event copied. */
  position: number;
  /** Events copied so far (including earlier runs). */
  events: number;
}

export interface MigrationProgress extends MigrationCheckpoint {
  /** The source's newest position when the migration started. */
  head: number;
}

export interface MigrateOptions {
  /** Source events read per round. Default 500. */
  batchSize?: number;
  /** Where an interrupted run stopped. */
  resumeFrom?: MigrationCheckpoint;
  /** After each batch is stored in the target: persist the checkpoint, draw progress. */
  onBatch?: (progress: MigrationProgress) => Promise<void> | void;
}

/**
 * The metadata key keeping an event's original commit time: stores assign their own commit time,
 * so without it a migrated history would all be dated to the migration. Set once; a second
 * migration keeps the first original.
 */
export const ORIGINAL_CREATED_AT = 'originalCreatedAt';

/** When the event really happened: its original commit time when it was migrated. */
export function occurredAt(event: RecordedEvent): string {
  const original = event.metadata[ORIGINAL_CREATED_AT];
  return typeof original === 'string' ? original : event.createdAt;
}

interface TargetStream {
  revision: ExpectedRevision;
  /** Ids the target held before this run touched the stream (an interrupted earlier run). */
  present: Set<string>;
}

/**
 * Copies every visible event of `source` into `target` in global order, keeping ids, types, data
 * and metadata (plus the original commit time, see ORIGINAL_CREATED_AT). Consecutive events of
 * one stream go in one append with the exact expected revision, so nothing else may write to
 * the target meanwhile. Resumable: events the target already holds (a batch stored just before a
 * crash, after the checkpoint) are recognised by id and skipped. Revisions restart at 0 in the
 * target where the source hides earlier events (truncation, deletion).
 */
export async function migrateEvents(
  source: EventStore,
  target: EventStore,
  options: MigrateOptions = {},
): Promise<MigrationCheckpoint> {
  const batchSize = options.batchSize ?? 500;
  const head = await source.headPosition();
  let { position, events } = options.resumeFrom ?? { position: 0, events: 0 };
  // A fresh run into an empty target needs no look-ups: every stream starts there.
  const targetEmpty = !options.resumeFrom && (await target.headPosition()) === 0;
  const streams = new Map<string, TargetStream>();
  const streamInTarget = async (streamId: string): Promise<TargetStream> => {
    let stream = streams.get(streamId);
    if (!stream) {
      const stored = targetEmpty ? [] : await target.readStream(streamId);
      stream = {
        revision: stored.at(-1)?.revision ?? 'no_stream',
        present: new Set(stored.map((event) => event.id)),
      };
      streams.set(streamId, stream);
    }
    return stream;
  };

  for (;;) {
    const page = await source.readAll({ afterPosition: position, maxCount: batchSize });
    if (page.length === 0) break;
    for (const run of runsOfOneStream(page)) {
      const stream = await streamInTarget(run[0].streamId);
      const missing = run.filter((event) => !stream.present.has(event.id));
      if (missing.length === 0) continue;
      const result = await target.append(run[0].streamId, missing.map(copyOf), stream.revision);
      stream.revision = result.nextExpectedRevision;
    }
    position = (page.at(-1) as RecordedEvent).position;
    events += page.length;
    await options.onBatch?.({ position, events, head });
  }
  return { position, events };
}

function copyOf(event: RecordedEvent): NewEvent {
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata, [ORIGINAL_CREATED_AT]: occurredAt(event) },
  };
}

/** Splits events into maximal runs of consecutive events of one stream. */
export function runsOfOneStream(events: RecordedEvent[]): [RecordedEvent, ...RecordedEvent[]][] {
  const runs: [RecordedEvent, ...RecordedEvent[]][] = [];
  for (const event of events) {
    const run = runs.at(-1);
    if (run && run[0].streamId === event.streamId) run.push(event);
    else runs.push([event]);
  }
  return runs;
}
