import Database from 'better-sqlite3';
import type { EventMetadata, RecordedEvent } from '#contracts';
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
    stream_id TEXT PRIMARY KEY,
    -- revision of the last event ever appended (survives deletion, like EventStoreDB)
    revision  INTEGER NOT NULL,
    -- events below this revision are hidden: set by deletion and truncation
    visible_from INTEGER NOT NULL DEFAULT 0,
    deleted   INTEGER NOT NULL DEFAULT 0,
    metadata  TEXT NOT NULL DEFAULT '{}'
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

/**
 * The embedded event store: one better-sqlite3 file in WAL mode. `events.position` is the gapless
 * global order; a multi-event append is one transaction guarded by the expected revision.
 *
 * Deletion is soft, as in EventStoreDB: the stream reads empty, its events drop out of `readAll`,
 * and appending again continues after the old last revision. Several processes may open the same
 * file (sqlite serialises writers); `onCommitted` only sees this process's commits.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly listeners = new Set<() => void>();
  private readonly statements;

  constructor(path: string) {
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    this.statements = {
      stream: this.db.prepare<[string], StreamRow>('SELECT * FROM streams WHERE stream_id = ?'),
      upsertStream: this.db.prepare(
        `INSERT INTO streams (stream_id, revision, visible_from, deleted) VALUES (@streamId, @revision, @visibleFrom, 0)
         ON CONFLICT (stream_id) DO UPDATE SET revision = @revision, visible_from = @visibleFrom, deleted = 0`,
      ),
      insertEvent: this.db.prepare(
        `INSERT INTO events (id, stream_id, revision, type, data, metadata, created_at)
         VALUES (@id, @streamId, @revision, @type, @data, @metadata, @createdAt)`,
      ),
      readStream: this.db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        `SELECT e.* FROM events e JOIN streams s ON s.stream_id = e.stream_id
         WHERE e.position > ? AND e.revision >= s.visible_from ORDER BY e.position LIMIT ?`,
      ),
      hide: this.db.prepare(
        'UPDATE streams SET visible_from = MAX(visible_from, ?), deleted = ? WHERE stream_id = ?',
      ),
      setMetadata: this.db.prepare(
        `INSERT INTO streams (stream_id, revision, visible_from, deleted, metadata) VALUES (?, -1, 0, 0, ?)
         ON CONFLICT (stream_id) DO UPDATE SET metadata = excluded.metadata`,
      ),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = this.db
      .transaction(() => {
        const stream = this.statements.stream.get(streamId);
        const live = stream && !stream.deleted && stream.revision >= 0 ? stream.revision : 'no_stream';
        checkExpected(streamId, expected, live);
        let revision = stream?.revision ?? -1;
        const createdAt = new Date().toISOString();
        let position = 0;
        for (const event of events) {
          revision++;
          position = Number(
            this.statements.insertEvent.run({
              id: event.id,
              streamId,
              revision,
              type: event.type,
              data: JSON.stringify(event.data),
              metadata: JSON.stringify(event.metadata ?? {}),
              createdAt,
            }).lastInsertRowid,
          );
        }
        // A deleted stream restarts after its old last revision; older events stay hidden.
        const visibleFrom = stream?.deleted ? stream.revision + 1 : (stream?.visible_from ?? 0);
        this.statements.upsertStream.run({ streamId, revision, visibleFrom });
        return { nextExpectedRevision: revision, position };
      })
      .immediate();
    if (events.length > 0) for (const listener of this.listeners) listener();
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stream = this.statements.stream.get(streamId);
    if (!stream || stream.deleted) return [];
    const metadata = JSON.parse(stream.metadata) as StreamMetadata;
    const from = Math.max(options.fromRevision ?? 0, stream.visible_from, metadata.truncateBefore ?? 0);
    let events = this.statements.readStream.all(streamId, from, options.maxCount ?? -1).map(toRecorded);
    if (metadata.maxCount !== undefined) {
      events = events.filter((event) => event.revision > stream.revision - (metadata.maxCount as number));
    }
    if (metadata.maxAge !== undefined) {
      const oldest = Date.now() - metadata.maxAge * 1000;
      events = events.filter((event) => Date.parse(event.createdAt) >= oldest);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.statements.readAll.all(options.afterPosition ?? 0, options.maxCount ?? -1).map(toRecorded);
  }

  async deleteStream(streamId: string, expected: ExpectedRevision = 'any'): Promise<void> {
    this.db
      .transaction(() => {
        const stream = this.statements.stream.get(streamId);
        const live = stream && !stream.deleted && stream.revision >= 0 ? stream.revision : 'no_stream';
        checkExpected(streamId, expected, live);
        if (stream) this.statements.hide.run(stream.revision + 1, 1, streamId);
      })
      .immediate();
  }

  async truncateStream(streamId: string, beforeRevision: number): Promise<void> {
    this.statements.hide.run(beforeRevision, 0, streamId);
  }

  async getStreamMetadata(streamId: string): Promise<StreamMetadata> {
    const stream = this.statements.stream.get(streamId);
    return stream ? (JSON.parse(stream.metadata) as StreamMetadata) : {};
  }

  async setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void> {
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
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    if (this.db.open) this.db.close();
  }
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
