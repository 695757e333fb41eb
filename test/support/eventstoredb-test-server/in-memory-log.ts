import { EventEmitter } from 'node:events';

/**
 * The storage semantics of EventStoreDB that Trawl relies on, in memory: one transaction log
 * (`$all`), streams with revisions, expected-revision checks, idempotent retries, metadata streams
 * `$$<stream>` (`$maxAge`, `$maxCount`, `$tb`), soft delete (`$tb` = Int64.MaxValue, undone by the
 * next append with `$tb` = its first revision) and tombstones. Test-only: it lives under test/.
 */

/** One event record of the log. Positions are byte-like offsets with gaps, as in EventStoreDB. */
export interface LogRecord {
  id: string;
  streamName: string;
  revision: number;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB sends `created`. */
  createdTicks: bigint;
  /** The event's own log position: its commit position in `$all`. */
  logPosition: bigint;
  /** Where its append began: the prepare position EventStoreDB reports, shared by the batch. */
  transactionPosition: bigint;
}

export interface ProposedEvent {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
}

/** `any`, `no_stream`, `stream_exists`, or the exact revision of the stream's last event. */
export type Expectation = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type AppendOutcome =
  | { kind: 'success'; currentRevision: number; commitPosition: bigint; preparePosition: bigint }
  | { kind: 'wrong_expected_version'; current: number | 'no_stream'; expected: Expectation };

export class StreamTombstonedError extends Error {
  constructor(readonly streamName: string) {
    super(`Stream ${streamName} is deleted`);
  }
}

export class WrongExpectedError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: Expectation,
    readonly current: number | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected ${String(expected)}, current ${String(current)}`);
  }
}

/** Int64.MaxValue: the `$tb` of a soft-deleted stream. */
export const DELETED_STREAM = 9223372036854775807n;

interface Stream {
  records: LogRecord[];
  tombstoned: boolean;
}

const METADATA_EVENT = '$metadata';

export class InMemoryLog {
  readonly all: LogRecord[] = [];
  private readonly streams = new Map<string, Stream>();
  /** The log opens with an epoch record in EventStoreDB: no event sits at position 0. */
  private nextPosition = 128n;
  /** Emits 'appended' with each new record, in log order, for live subscriptions. */
  readonly appended = new EventEmitter();

  constructor() {
    this.appended.setMaxListeners(0);
  }

  append(streamName: string, events: ProposedEvent[], expected: Expectation): AppendOutcome {
    const stream = this.stream(streamName);
    if (stream.tombstoned) throw new StreamTombstonedError(streamName);
    const retried = this.retriedBatch(stream, events);
    if (retried) return retried;
    const softDeleted = this.isSoftDeleted(streamName);
    const lastRevision = stream.records.at(-1)?.revision ?? -1;
    const current = lastRevision < 0 || softDeleted ? 'no_stream' : lastRevision;
    if (!satisfies(expected, current)) return { kind: 'wrong_expected_version', current, expected };
    if (events.length === 0) {
      return { kind: 'success', currentRevision: lastRevision, commitPosition: -1n, preparePosition: -1n };
    }
    const transactionPosition = this.nextPosition;
    const createdTicks = BigInt(Date.now()) * 10_000n;
    let revision = lastRevision;
    for (const event of events) {
      revision++;
      const record: LogRecord = {
        ...event,
        streamName,
        revision,
        createdTicks,
        logPosition: this.nextPosition,
        transactionPosition,
      };
      // Gaps like a real log: a record header plus its payload.
      this.nextPosition += 64n + BigInt(event.data.length + event.customMetadata.length);
      stream.records.push(record);
      this.all.push(record);
    }
    const last = stream.records.at(-1) as LogRecord;
    for (const record of stream.records.slice(-events.length)) this.appended.emit('appended', record);
    if (softDeleted) {
      // EventStoreDB undeletes by hiding everything before the first new event.
      const metadata = this.metadata(streamName);
      this.writeMetadata(streamName, { ...metadata, $tb: lastRevision + 1 });
    }
    return {
      kind: 'success',
      currentRevision: revision,
      commitPosition: last.logPosition,
      preparePosition: transactionPosition,
    };
  }

  /**
   * What a stream read returns: undefined when the stream does not exist or is soft-deleted,
   * else its events after `$tb`, `$maxCount` and `$maxAge` (metadata streams are read raw).
   */
  visibleRecords(streamName: string): LogRecord[] | undefined {
    const stream = this.streams.get(streamName);
    if (stream?.tombstoned) throw new StreamTombstonedError(streamName);
    if (!stream || stream.records.length === 0) return undefined;
    if (streamName.startsWith('$$')) return stream.records;
    if (this.isSoftDeleted(streamName)) return undefined;
    const metadata = this.metadata(streamName);
    const last = (stream.records.at(-1) as LogRecord).revision;
    const from = Math.max(
      numberOr(metadata.$tb, 0),
      metadata.$maxCount === undefined ? 0 : last - numberOr(metadata.$maxCount, 0) + 1,
    );
    const oldestTicks =
      metadata.$maxAge === undefined
        ? 0n
        : (BigInt(Date.now()) - BigInt(numberOr(metadata.$maxAge, 0)) * 1000n) * 10_000n;
    return stream.records.filter((record) => record.revision >= from && record.createdTicks >= oldestTicks);
  }

  delete(streamName: string, expected: Expectation): bigint {
    const stream = this.stream(streamName);
    if (stream.tombstoned) throw new StreamTombstonedError(streamName);
    const current = this.currentRevision(streamName);
    if (!satisfies(expected, current)) throw new WrongExpectedError(streamName, expected, current);
    // The metadata document keeps its other keys; the JSON carries Int64.MaxValue exactly.
    return this.writeMetadata(streamName, { ...this.metadata(streamName), $tb: DELETED_STREAM });
  }

  tombstone(streamName: string, expected: Expectation): bigint {
    const stream = this.stream(streamName);
    if (stream.tombstoned) throw new StreamTombstonedError(streamName);
    const current = this.currentRevision(streamName);
    if (!satisfies(expected, current)) throw new WrongExpectedError(streamName, expected, current);
    stream.tombstoned = true;
    return this.nextPosition;
  }

  private currentRevision(streamName: string): number | 'no_stream' {
    const last = this.streams.get(streamName)?.records.at(-1)?.revision;
    return last === undefined || this.isSoftDeleted(streamName) ? 'no_stream' : last;
  }

  private isSoftDeleted(streamName: string): boolean {
    if (streamName.startsWith('$$')) return false;
    const tb = this.metadata(streamName).$tb;
    return typeof tb === 'bigint'
      ? tb === DELETED_STREAM
      : typeof tb === 'number' && tb > Number.MAX_SAFE_INTEGER;
  }

  /** The newest `$metadata` document of a stream, with big integers kept exact. */
  metadata(streamName: string): Record<string, unknown> {
    const last = this.streams.get(`$$${streamName}`)?.records.at(-1);
    if (!last) return {};
    const text = Buffer.from(last.data).toString('utf8');
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    // JSON.parse rounds Int64.MaxValue: keep `$tb` exact, as the server's Int64 does.
    const tb = /"\$tb"\s*:\s*(\d+)/.exec(text)?.[1];
    return tb === undefined ? (parsed as Record<string, unknown>) : { ...parsed, $tb: BigInt(tb) };
  }

  private writeMetadata(streamName: string, metadata: Record<string, unknown>): bigint {
    // Big integers as exact JSON numbers (the deleted marker).
    const json = JSON.stringify(metadata, (_key, value) =>
      typeof value === 'bigint' ? `${value.toString()}n` : value,
    ).replace(/"(\d+)n"/g, '$1');
    const outcome = this.append(
      `$$${streamName}`,
      [
        {
          id: crypto.randomUUID(),
          type: METADATA_EVENT,
          contentType: 'application/json',
          data: Buffer.from(json, 'utf8'),
          customMetadata: new Uint8Array(),
        },
      ],
      'any',
    );
    return outcome.kind === 'success' ? outcome.commitPosition : -1n;
  }

  /** The original outcome when this exact batch is already the stream's, as EventStoreDB answers a retry. */
  private retriedBatch(stream: Stream, events: ProposedEvent[]): AppendOutcome | undefined {
    const first = events[0];
    if (!first) return undefined;
    const start = stream.records.findIndex((record) => record.id === first.id);
    if (start < 0) return undefined;
    const same = events.every((event, index) => stream.records[start + index]?.id === event.id);
    if (!same) return undefined;
    const last = stream.records[start + events.length - 1] as LogRecord;
    return {
      kind: 'success',
      currentRevision: last.revision,
      commitPosition: last.logPosition,
      preparePosition: last.transactionPosition,
    };
  }

  private stream(streamName: string): Stream {
    let stream = this.streams.get(streamName);
    if (!stream) {
      stream = { records: [], tombstoned: false };
      this.streams.set(streamName, stream);
    }
    return stream;
  }
}

function satisfies(expected: Expectation, current: number | 'no_stream'): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return current === 'no_stream';
  if (expected === 'stream_exists') return current !== 'no_stream';
  return current !== 'no_stream' && BigInt(current) === expected;
}

function numberOr(value: unknown, fallback: number): number {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' ? value : fallback;
}
