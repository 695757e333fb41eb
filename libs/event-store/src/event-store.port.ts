import type { EventMetadata, RecordedEvent } from '#contracts';

/** An event to append; the store assigns revision, position and commit time. */
export interface NewEvent {
  id: string;
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

/**
 * What the writer believes about the stream: `any` (no check), `no_stream` (must not exist yet),
 * `stream_exists`, or the exact revision of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendResult {
  /** Revision of the last event appended. */
  nextExpectedRevision: number;
  /** Global position of the last event appended. */
  position: number;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive). Default 0. */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events with a position strictly greater than this. Default 0 (from the start). */
  afterPosition?: number;
  maxCount?: number;
}

export interface StreamMetadata {
  /** Events older than this many seconds are not returned (retention). */
  maxAge?: number;
  /** Only the newest N events are returned. */
  maxCount?: number;
  /** Events with a lower revision are not returned (truncation). */
  truncateBefore?: number;
  custom?: Record<string, unknown>;
}

/** The port. Adapters: sqlite (embedded default), EventStoreDB (production). */
export interface EventStore {
  /**
   * Appends a non-empty batch atomically: all events or none, after checking `expectedRevision`
   * (else `WrongExpectedRevisionError`). Retrying a batch that is already stored (same ids, same
   * stream, same order) writes nothing and answers the original result, as EventStoreDB does.
   */
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Forward read of one stream; [] when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Forward read of every stream in global commit order: the audit log and the relay's source.
   * Events hidden by deletion or truncation are left out (operators delete for retention);
   * per-stream `maxAge`/`maxCount` only shape `readStream`.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Soft delete: the stream reads as empty; appending with `no_stream`/`any` starts it again with
   * revisions continuing after the old last one (as in EventStoreDB), the old events staying hidden.
   */
  deleteStream(streamId: string, expectedRevision?: ExpectedRevision): Promise<void>;
  /** Events below `beforeRevision` are no longer returned, by `readStream` nor `readAll`. */
  truncateStream(streamId: string, beforeRevision: number): Promise<void>;
  getStreamMetadata(streamId: string): Promise<StreamMetadata>;
  setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void>;
  /** Resolves with the newest global position (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Called after every commit of this process, so the relay need not poll tightly. Commits of
   * other processes: EventStoreDB announces them too (a live `$all` subscription while someone
   * listens); sqlite does not, so readers also poll.
   */
  onCommitted(listener: () => void): () => void;
  /** Cheap liveness check for /health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}
