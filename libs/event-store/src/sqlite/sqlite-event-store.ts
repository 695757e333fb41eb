import Database from 'better-sqlite3';
import type { EventMetadata, RecordedEvent } from '#contracts';
import { DuplicateEventIdError } from '../duplicate-event-id.error.js';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StreamMetadata,
  WrongExpectedRevisionError,
} from '../event-store.port.js';
import { nonNegativeInteger as count } from '../non-negative-integer.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT NOT NULL UNIQUE,
    stream_id  TEXT NOT NULL,
    revision   INTEGER NOT NULL,
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    metadata   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (stream_id, revision)
  );
  CREATE TABLE IF NOT EXISTS streams (
    stream_id    TEXT PRIMARY KEY,
    -- revision of the last event ever appended, -1 before the first (survives deletion)
    revision     INTEGER NOT NULL,
    -- events below this revision are hidden for good: moved up by deletion and truncation
    visible_from INTEGER NOT NULL DEFAULT 0,
    deleted      INTEGER NOT NULL DEFAULT 0,
    metadata     TEXT NOT NULL DEFAULT '{}'
  );
`;

interface StreamRow {
  stream_id: string;
  revision: number;
  visible_from: number;
  deleted: number;
  metadata: string;
}

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  created_at: string;
}

type StoredEvent = Pick<EventRow, 'stream_id' | 'revision' | 'position'>;

function prepareStatements(db: Database.Database) {
  return {
    stream: db.prepare<[string], StreamRow>('SELECT * FROM streams WHERE stream_id = ?'),
    eventById: db.prepare<[string], StoredEvent>(
      'SELECT stream_id, revision, position FROM events WHERE id = ?',
    ),
    insertEvent: db.prepare(
      `INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at)
       VALUES (@id, @streamId, @revision, @type, @data, @metadata, @createdAt)`,
    ),
    // Keeps visible_from: a stream restarted after deletion goes on hiding its old events.
    saveRevision: db.prepare<[string, number]>(
      `INSERT INTO streams (stream_id, revision) VALUES (?, ?)
       ON CONFLICT (stream_id) DO UPDATE SET revision = excluded.revision, deleted = 0`,
    ),
    readStream: db.prepare<[string, number, string, number], EventRow>(
      `SELECT * FROM events WHERE stream_id = ? AND revision >= ? AND created_at >= ?
       ORDER BY revision LIMIT ?`,
    ),
    readAll: db.prepare<[number, number], EventRow>(
      `SELECT e.* FROM events e JOIN streams s ON s.stream_id = e.stream_id
       WHERE e.position > ?
         AND e.revision >= MAX(s.visible_from, COALESCE(json_extract(s.metadata, '$.truncateBefore'), 0))
       ORDER BY e.position LIMIT ?`,
    ),
    delete: db.prepare<[string]>(
      'UPDATE streams SET visible_from = MAX(visible_from, revision + 1), deleted = 1 WHERE stream_id = ?',
    ),
    truncate: db.prepare<[string, number]>(
      `INSERT INTO streams (stream_id, revision, visible_from) VALUES (?, -1, ?)
       ON CONFLICT (stream_id) DO UPDATE SET visible_from = MAX(visible_from, excluded.visible_from)`,
    ),
    setMetadata: db.prepare<[string, string]>(
      `INSERT INTO streams (stream_id, revision, metadata) VALUES (?, -1, ?)
       ON CONFLICT (stream_id) DO UPDATE SET metadata = excluded.metadata`,
    ),
    head: db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    ping: db.prepare('SELECT 1'),
  };
}

/**
 * The embedded event store: one better-sqlite3 file in WAL mode. `events.position` is the gapless
 * global order (AUTOINCREMENT, and a rolled-back append gives its numbers back); a multi-event
 * append is one `BEGIN IMMEDIATE` transaction guarded by the expected revision, so several
 * processes may share the file: sqlite serialises their writers.
 *
 * Deletion is soft, as in EventStoreDB: the stream reads empty, its events drop out of `readAll`,
 * and appending again continues after the old last revision. Truncation (`truncateStream`, or
 * `truncateBefore` in the metadata) hides events from both reads too; `maxAge` and `maxCount`
 * only shape `readStream`. Hidden events stay in the file (no scavenging yet).
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly listeners = new Set<() => void>();

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = prepareStatements(this.db);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId}: no events given`);
    const { result, written } = this.db
      .transaction(() => {
        const retried = this.alreadyStored(streamId, events);
        if (retried) return { result: retried, written: false };
        const stream = this.statements.stream.get(streamId);
        checkExpected(streamId, expected, liveRevision(stream));
        let revision = stream?.revision ?? -1;
        let position = 0;
        const createdAt = new Date().toISOString();
        for (const event of events) {
          revision++;
          const inserted = this.statements.insertEvent.run({
            id: event.id,
            streamId,
            revision,
            type: event.type,
            data: JSON.stringify(event.data ?? null),
            metadata: JSON.stringify(event.metadata ?? {}),
            createdAt,
          });
          position = Number(inserted.lastInsertRowid);
        }
        this.statements.saveRevision.run(streamId, revision);
        return { result: { nextExpectedRevision: revision, position }, written: true };
      })
      .immediate();
    if (written) this.notifyCommitted();
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = count('fromRevision', options.fromRevision) ?? 0;
    const maxCount = count('maxCount', options.maxCount) ?? -1;
    // One read transaction: the stream row and its events come from the same snapshot.
    return this.db.transaction(() => {
      const stream = this.statements.stream.get(streamId);
      if (!stream || liveRevision(stream) === 'no_stream') return [];
      const metadata = JSON.parse(stream.metadata) as StreamMetadata;
      const from = Math.max(
        fromRevision,
        stream.visible_from,
        metadata.truncateBefore ?? 0,
        metadata.maxCount === undefined ? 0 : stream.revision - metadata.maxCount + 1,
      );
      // ISO-8601 UTC strings order like the instants they name; '' lets every event through.
      const createdSince =
        metadata.maxAge === undefined ? '' : new Date(Date.now() - metadata.maxAge * 1000).toISOString();
      return this.statements.readStream.all(streamId, from, createdSince, maxCount).map(toRecorded);
    })();
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const afterPosition = count('afterPosition', options.afterPosition) ?? 0;
    const maxCount = count('maxCount', options.maxCount) ?? -1;
    return this.statements.readAll.all(afterPosition, maxCount).map(toRecorded);
  }

  async deleteStream(streamId: string, expected: ExpectedRevision = 'any'): Promise<void> {
    this.db
      .transaction(() => {
        checkExpected(streamId, expected, liveRevision(this.statements.stream.get(streamId)));
        this.statements.delete.run(streamId);
      })
      .immediate();
  }

  async truncateStream(streamId: string, beforeRevision: number): Promise<void> {
    this.statements.truncate.run(streamId, count('beforeRevision', beforeRevision) ?? 0);
  }

  async getStreamMetadata(streamId: string): Promise<StreamMetadata> {
    const stream = this.statements.stream.get(streamId);
    return stream ? (JSON.parse(stream.metadata) as StreamMetadata) : {};
  }

  async setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void> {
    count('maxAge', metadata.maxAge);
    count('maxCount', metadata.maxCount);
    count('truncateBefore', metadata.truncateBefore);
    this.statements.setMetadata.run(streamId, JSON.stringify(metadata));
  }

  async headPosition(): Promise<number> {
    return this.statements.head.get()?.position ?? 0;
  }

  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(): Promise<void> {
    this.statements.ping.get();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }

  /**
   * The original result when this exact batch is already stored (a retry after a lost reply);
   * undefined when none of its ids is. Any other reuse of an id is an error, never a silent skip.
   */
  private alreadyStored(streamId: string, events: NewEvent[]): AppendResult | undefined {
    const stored = events.map((event) => this.statements.eventById.get(event.id));
    if (stored.every((event) => event === undefined)) return undefined;
    const first = stored[0];
    const sameBatch =
      first !== undefined &&
      stored.every(
        (event, index) => event?.stream_id === streamId && event.revision === first.revision + index,
      );
    if (!sameBatch) {
      const reused = events.find((_, index) => stored[index] !== undefined) as NewEvent;
      throw new DuplicateEventIdError(reused.id, streamId);
    }
    const last = stored.at(-1) as StoredEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  /** After the commit, outside append: a throwing listener must not make a stored append look failed. */
  private notifyCommitted(): void {
    for (const listener of this.listeners) queueMicrotask(listener);
  }
}

function liveRevision(stream: StreamRow | undefined): number | 'no_stream' {
  return stream && !stream.deleted && stream.revision >= 0 ? stream.revision : 'no_stream';
}

function checkExpected(streamId: string, expected: ExpectedRevision, actual: number | 'no_stream') {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    expected === actual;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, actual);
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    createdAt: row.created_at,
  };
}
