import { type JetStreamClient, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection, headers as natsHeaders } from '@nats-io/transport-node';
import { type NatsNames, type RecordedEvent, streamCategory } from '#contracts';
import { CORRELATION_HEADER, ensureEventsStream } from '#messaging';
import type { EventStore } from '../event-store.port.js';
import type { CheckpointStore } from './checkpoint-store.js';

/** Header with the event's global position, for subscribers that keep their own checkpoint. */
export const POSITION_HEADER = 'Trawl-Position';

const MAX_BACKOFF_MS = 10_000;

export interface EventRelayOptions {
  /** Checkpoint name; one per relay. Default 'relay'. */
  name?: string;
  /** Events read and published per checkpoint save. Default 500. */
  batchSize?: number;
  /** Also look for commits of other processes this often. Default 1000. */
  pollIntervalMs?: number;
  /** Told about every failed round (read, publish or checkpoint) before it is retried. */
  onError?: (error: unknown, consecutiveFailures: number) => void;
}

/**
 * Publishes every committed event to JetStream in global order, from a persisted checkpoint.
 * Subject `<prefix>.evt.<category>.<Type>`, payload the RecordedEvent as JSON, `Nats-Msg-Id` the
 * event id: a re-publish after a crash between publish and checkpoint falls in JetStream's
 * duplicate window and is dropped. Exactly once per event id and no gaps, because each publish
 * is acknowledged before the next, and the checkpoint only moves past acknowledged publishes.
 */
export class EventRelay {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly onError?: EventRelayOptions['onError'];
  private running = false;
  /** A commit happened since the last read: read again before sleeping. */
  private pending = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private unsubscribe?: () => void;
  private position = 0;

  constructor(
    private readonly store: EventStore,
    private readonly nc: NatsConnection,
    private readonly names: NatsNames,
    private readonly checkpoints: CheckpointStore,
    options: EventRelayOptions = {},
  ) {
    this.name = options.name ?? 'relay';
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.onError = options.onError;
  }

  /** Resolves once the events stream exists and the checkpoint is loaded; relaying goes on in the background. */
  async start(): Promise<void> {
    if (this.running) throw new Error(`Event relay ${this.name} is already running`);
    await ensureEventsStream(await jetstreamManager(this.nc), this.names);
    const checkpoint = await this.checkpoints.load(this.name);
    // A store's head never moves back, so a checkpoint past it was saved relaying another store:
    // going on would skip this store's events up to there, and read models would never see them.
    const head = await this.store.headPosition();
    if (checkpoint > head) {
      throw new Error(
        `The NATS prefix "${this.names.prefix}" has relayed events up to position ${checkpoint}, but this event store ends at ${head}: ` +
          'its events stream, checkpoints and read models belong to another event store (another DATA_DIR or EVENTSTORE_CONNECTION_STRING). ' +
          `Give this Trawl its own NATS_PREFIX, or delete the prefix's JetStream streams and KV buckets to start over.`,
      );
    }
    this.running = true;
    this.pending = false;
    this.unsubscribe = this.store.onCommitted(() => {
      this.pending = true;
      this.wake?.();
    });
    this.loop = this.run(jetstream(this.nc), checkpoint);
  }

  /** Global position of the last event JetStream acknowledged: the head minus this is the relay's lag. */
  get relayedPosition(): number {
    return this.position;
  }

  /** Stops after the batch in flight; its checkpoint is saved. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }

  private async run(js: JetStreamClient, checkpoint: number): Promise<void> {
    this.position = checkpoint;
    let failures = 0;
    while (this.running) {
      try {
        this.pending = false;
        const events = await this.store.readAll({ afterPosition: this.position, maxCount: this.batchSize });
        for (const event of events) {
          await this.publish(js, event);
          this.position = event.position;
        }
        if (events.length > 0) await this.checkpoints.save(this.name, this.position);
        failures = 0;
        if (events.length < this.batchSize) await this.idle(this.pollIntervalMs);
      } catch (error) {
        // NATS unavailable or a publish not acknowledged: retry from the first unacknowledged
        // event, never skip one. Events already acknowledged are not published again.
        failures++;
        this.onError?.(error, failures);
        await this.idle(Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures), { evenIfPending: true });
      }
    }
  }

  private async publish(js: JetStreamClient, event: RecordedEvent): Promise<void> {
    const headers = natsHeaders();
    headers.set(POSITION_HEADER, String(event.position));
    if (event.metadata.correlationId) headers.set(CORRELATION_HEADER, event.metadata.correlationId);
    await js.publish(
      this.names.eventSubject(streamCategory(event.streamId), event.type),
      JSON.stringify(event),
      { msgID: event.id, headers },
    );
  }

  /** Sleeps until the timeout, the next local commit, or stop, whichever comes first. */
  private idle(ms: number, { evenIfPending = false } = {}): Promise<void> {
    if (!this.running || (this.pending && !evenIfPending)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
