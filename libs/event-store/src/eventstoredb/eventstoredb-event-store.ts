import {
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  type JSONType,
  jsonEvent,
  type Position,
  type ResolvedEvent,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  type StreamSubscription,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
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
import { nonNegativeInteger } from '../non-negative-integer.js';
import {
  hiddenBelow,
  type RawStreamMetadata,
  toPortMetadata,
  toRawMetadata,
  withTruncation,
} from './stream-metadata.js';

/** Events of `$all` read per round trip while looking for visible ones. */
const DEFAULT_ALL_PAGE_SIZE = 500;
/** After a dropped live subscription, subscribe again this much later (the relay polls meanwhile). */
const RESUBSCRIBE_MS = 1_000;
/**
 * How long readAll trusts a stream's `$tb` it looked up: a truncation or deletion by another
 * process shows within this time (this process's own show at once, and so does any whose `$$`
 * event the read passes). Without it every event of `$all` would cost a metadata read.
 */
const VISIBILITY_CACHE_MS = 5_000;
const VISIBILITY_CACHE_SIZE = 50_000;
/** Own event ids remembered so the live subscription does not announce our commits a second time. */
const OWN_IDS_KEPT = 10_000;

/**
 * The production event store, on EventStoreDB over gRPC (`@eventstore/db-client`).
 *
 * **Positions.** EventStoreDB orders `$all` by a (commit, prepare) pair of transaction-log byte
 * offsets. For events written through the gRPC API (which has no explicit transactions) the
 * commit position is the event's own log position, unique and increasing in `$all` order; the
 * prepare position is where its append began, shared by the whole batch. The port's numeric
 * `position` is therefore the commit position (exact in a JS number up to 8 PiB of log), and
 * "after p" is read from (p, p) — inclusive in EventStoreDB — skipping the event at p. Positions
 * have gaps; they only order.
 *
 * **Visibility.** The server applies `$maxAge`, `$maxCount` and `$tb` to stream reads, but `$all`
 * keeps truncated and soft-deleted events until a scavenge; `readAll` leaves them out by each
 * stream's `$tb`, and leaves out system streams (`$…`), as the port says.
 *
 * **Commits of other processes.** While someone listens (the relay), a live `$all` subscription
 * from the end announces every commit, ours (once, at append) and everyone else's.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly listeners = new Set<() => void>();
  private readonly ownIds = new Set<string>();
  private readonly visibility = new Map<string, { hiddenBelow: number; until: number }>();
  private subscription?: StreamSubscription;
  private resubscribeTimer?: NodeJS.Timeout;
  private closed = false;

  /** `allPageSize`: events of `$all` read per round trip (tests page with a few instead of hundreds). */
  constructor(
    private readonly client: EventStoreDBClient,
    private readonly allPageSize = DEFAULT_ALL_PAGE_SIZE,
  ) {}

  /** `esdb://host:2113?tls=false`, `esdb+discover://…` for a cluster: the client's connection string. */
  static connect(
    connectionString: string,
    { allPageSize }: { allPageSize?: number } = {},
  ): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), allPageSize);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId}: no events given`);
    const watched = this.subscription !== undefined;
    if (watched) this.rememberOwn(events);
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: (event.data ?? null) as JSONType,
            metadata: event.metadata ?? {},
          }),
        ),
        { expectedRevision: toClientExpected(expected) },
      );
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      // The reported position is where the append began; for one event that is the event's own.
      const position =
        events.length === 1 && result.position
          ? Number(result.position.commit)
          : await this.positionOf(streamId, nextExpectedRevision);
      this.notifyCommitted();
      return { nextExpectedRevision, position };
    } catch (error) {
      if (watched) for (const event of events) this.ownIds.delete(event.id);
      throw toPortError(error, streamId, expected);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const fromRevision = nonNegativeInteger('fromRevision', options.fromRevision) ?? 0;
    const maxCount = nonNegativeInteger('maxCount', options.maxCount);
    if (maxCount === 0) return [];
    const read: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: fromRevision === 0 ? START : BigInt(fromRevision),
        ...(maxCount === undefined ? {} : { maxCount }),
      })) {
        const event = toRecorded(resolved);
        if (event) read.push(event);
      }
    } catch (error) {
      // A stream never written, soft-deleted (reads as not found) or tombstoned reads as empty.
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return read;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const afterPosition = nonNegativeInteger('afterPosition', options.afterPosition) ?? 0;
    const maxCount = nonNegativeInteger('maxCount', options.maxCount) ?? Number.POSITIVE_INFINITY;
    const visible: RecordedEvent[] = [];
    // Per call only: a stream truncated or deleted between two reads must be seen by the next.
    const hidden = new Map<string, Promise<number>>();
    let from: Position | typeof START =
      afterPosition === 0 ? START : { commit: BigInt(afterPosition), prepare: BigInt(afterPosition) };
    // From the start, an event at commit position 0 counts too (EventStoreDB's log opens with an
    // epoch record, so none is there; the test server's log may start at 0).
    let last = afterPosition === 0 ? -1 : afterPosition;
    while (visible.length < maxCount) {
      const page = await collect(this.client.readAll({ fromPosition: from, maxCount: this.allPageSize }));
      const events = page
        .map(toRecorded)
        .filter((event): event is RecordedEvent => event !== undefined && event.position > last);
      // Every stream's metadata of the page at once, not one round trip per event.
      for (const { streamId } of events) {
        if (streamId.startsWith('$$')) this.visibility.delete(streamId.slice(2));
        if (streamId.startsWith('$') || hidden.has(streamId)) continue;
        const lookup = this.hiddenBelow(streamId);
        lookup.catch(() => undefined); // awaited below, unless the page is cut short by maxCount
        hidden.set(streamId, lookup);
      }
      for (const event of events) {
        last = event.position;
        if (event.streamId.startsWith('$')) continue;
        if (event.revision < (await (hidden.get(event.streamId) as Promise<number>))) continue;
        visible.push(event);
        if (visible.length === maxCount) break;
      }
      if (page.length < this.allPageSize || events.length === 0) break;
      from = { commit: BigInt(last), prepare: BigInt(last) };
    }
    return visible;
  }

  async deleteStream(streamId: string, expected: ExpectedRevision = 'any'): Promise<void> {
    try {
      // The client has no "stream exists" for deletes: pin the revision read instead (as strict).
      const pinned = expected === 'stream_exists' ? await this.lastRevision(streamId) : expected;
      if (pinned === 'no_stream') throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      await this.client.deleteStream(streamId, {
        expectedRevision: typeof pinned === 'number' ? BigInt(pinned) : pinned,
      });
      this.visibility.delete(streamId);
    } catch (error) {
      throw toPortError(error, streamId, expected);
    }
  }

  async truncateStream(streamId: string, beforeRevision: number): Promise<void> {
    nonNegativeInteger('beforeRevision', beforeRevision);
    await this.updateMetadata(streamId, (current) => withTruncation(current, beforeRevision));
  }

  async getStreamMetadata(streamId: string): Promise<StreamMetadata> {
    return toPortMetadata((await this.readMetadata(streamId)).raw);
  }

  async setStreamMetadata(streamId: string, metadata: StreamMetadata): Promise<void> {
    nonNegativeInteger('maxAge', metadata.maxAge);
    nonNegativeInteger('maxCount', metadata.maxCount);
    nonNegativeInteger('truncateBefore', metadata.truncateBefore);
    await this.updateMetadata(streamId, (current) => toRawMetadata(metadata, current));
  }

  async headPosition(): Promise<number> {
    let from: Position | typeof END = END;
    for (;;) {
      const page: ResolvedEvent[] = await collect(
        this.client.readAll({ fromPosition: from, direction: BACKWARDS, maxCount: this.allPageSize }),
      );
      const newest = page.find((resolved) => resolved.event && !resolved.event.streamId.startsWith('$'));
      if (newest?.event?.position) return Number(newest.event.position.commit);
      const oldest: Position | undefined = page.at(-1)?.event?.position;
      if (page.length < this.allPageSize || !oldest || (from !== END && oldest.commit === from.commit))
        return 0;
      from = oldest;
    }
  }

  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.unsubscribe();
    };
  }

  async ping(): Promise<void> {
    await collect(this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.unsubscribe();
    await this.client.dispose();
  }

  private async lastRevision(streamId: string): Promise<number | 'no_stream'> {
    try {
      const [resolved] = await collect(
        this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
      );
      return resolved?.event ? Number(resolved.event.revision) : 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return 'no_stream';
      throw error;
    }
  }

  /** The global position of one stored event (the last of a batch just appended). */
  private async positionOf(streamId: string, revision: number): Promise<number> {
    const [resolved] = await collect(
      this.client.readStream(streamId, { fromRevision: BigInt(revision), maxCount: 1 }),
    );
    const position = resolved?.event?.position;
    if (!position) throw new Error(`EventStoreDB did not report the position of ${streamId}@${revision}`);
    return Number(position.commit);
  }

  private async hiddenBelow(streamId: string): Promise<number> {
    const cached = this.visibility.get(streamId);
    if (cached && cached.until > Date.now()) return cached.hiddenBelow;
    const below = hiddenBelow((await this.readMetadata(streamId)).raw);
    this.visibility.set(streamId, { hiddenBelow: below, until: Date.now() + VISIBILITY_CACHE_MS });
    if (this.visibility.size > VISIBILITY_CACHE_SIZE) {
      this.visibility.delete(this.visibility.keys().next().value as string);
    }
    return below;
  }

  /** The newest `$metadata` document of a stream and its revision in `$$<stream>`. */
  private async readMetadata(
    streamId: string,
  ): Promise<{ raw: RawStreamMetadata; revision: number | 'no_stream' }> {
    try {
      const [resolved] = await collect(
        this.client.readStream(`$$${streamId}`, { fromRevision: END, direction: BACKWARDS, maxCount: 1 }),
      );
      const event = resolved?.event;
      if (!event) return { raw: {}, revision: 'no_stream' };
      const raw = event.isJson && isObject(event.data) ? event.data : {};
      return { raw, revision: Number(event.revision) };
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { raw: {}, revision: 'no_stream' };
      throw error;
    }
  }

  /** Read, change and write the metadata document with optimistic concurrency; retried on a race. */
  private async updateMetadata(
    streamId: string,
    change: (current: RawStreamMetadata) => RawStreamMetadata | undefined,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const { raw, revision } = await this.readMetadata(streamId);
      const next = change(raw);
      if (!next) return;
      try {
        await this.client.appendToStream(`$$${streamId}`, jsonEvent({ type: '$metadata', data: next }), {
          expectedRevision: revision === 'no_stream' ? 'no_stream' : BigInt(revision),
        });
        this.visibility.delete(streamId);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 5) throw error;
      }
    }
  }

  private subscribe(): void {
    if (this.closed || this.subscription) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END });
    this.subscription = subscription;
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = resolved.event;
      if (!event || event.streamId.startsWith('$')) return;
      if (this.ownIds.delete(event.id)) return;
      this.notifyCommitted();
    });
    const dropped = () => {
      if (this.subscription !== subscription) return;
      this.subscription = undefined;
      this.ownIds.clear();
      if (this.listeners.size > 0 && !this.closed) {
        this.resubscribeTimer = setTimeout(() => this.subscribe(), RESUBSCRIBE_MS);
      }
    };
    // A dropped subscription only delays foreign commits until the next poll: resubscribe later.
    subscription.on('error', dropped);
    subscription.on('close', dropped);
  }

  private unsubscribe(): void {
    clearTimeout(this.resubscribeTimer);
    const subscription = this.subscription;
    this.subscription = undefined;
    this.ownIds.clear();
    if (subscription) void subscription.unsubscribe().catch(() => undefined);
  }

  private rememberOwn(events: NewEvent[]): void {
    for (const event of events) this.ownIds.add(event.id);
    // Ids whose subscription echo never came (a dropped subscription) must not pile up.
    for (const id of this.ownIds) {
      if (this.ownIds.size <= OWN_IDS_KEPT) break;
      this.ownIds.delete(id);
    }
  }

  /** Outside the caller's await: a throwing listener must not make a stored append look failed. */
  private notifyCommitted(): void {
    for (const listener of this.listeners) queueMicrotask(listener);
  }
}

function toClientExpected(expected: ExpectedRevision): AppendExpectedRevision {
  return typeof expected === 'number'
    ? BigInt(nonNegativeInteger('expectedRevision', expected) ?? 0)
    : expected;
}

function toPortError(error: unknown, streamId: string, expected: ExpectedRevision): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  const actual = error.actualVersion;
  return new WrongExpectedRevisionError(
    streamId,
    expected,
    typeof actual === 'bigint' && actual >= 0n ? Number(actual) : 'no_stream',
  );
}

function toRecorded(resolved: ResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  if (!event.position)
    throw new Error(`EventStoreDB sent ${event.streamId}@${event.revision} without a position`);
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position.commit),
    // Trawl writes JSON only; another application's binary event passes as base64 rather than
    // stopping the relay.
    data: event.isJson ? event.data : Buffer.from(event.data).toString('base64'),
    metadata: (isObject(event.metadata) ? event.metadata : {}) as EventMetadata,
    createdAt: event.created.toISOString(),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}
