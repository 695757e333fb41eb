import { type JetStreamClient, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection, headers as natsHeaders } from '@nats-io/transport-node';
import { type NatsNames, type RecordedEvent, streamCategory } from '#contracts';
import { CORRELATION_HEADER, ensureEventsStream } from '#messaging';
import type { EventStore } from '../event-store.port.js';
import type { CheckpointStore } from './checkpoint-store.js';

/** Header with the event's global position, for subscribers that keep their own checkpoint. */
export const POSITION_HEADER = 'Trawl-Position';

export interface EventRelayOptions {
  /** Checkpoint name; one per relay. */
  name?: string;
  batchSize?: number;
  /** Also look for commits of other processes this often. */
  pollIntervalMs?: number;
}

/**
 * Publishes every committed event to JetStream in global order, from a persisted checkpoint.
 * Each event is published with `Nats-Msg-Id` = its id, so re-publishing after a crash between
 * publish and checkpoint is dropped by JetStream's duplicate window: exactly once per event id,
 * and no gaps, because the checkpoint only moves past acknowledged publishes.
 */
export class EventRelay {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private js?: JetStreamClient;
  private running = false;
  /** A commit happened since the last read: read again before sleeping. */
  private pending = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private unsubscribe?: () => void;

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
  }

  async start(): Promise<void> {
    await ensureEventsStream(await jetstreamManager(this.nc), this.names);
    this.js = jetstream(this.nc);
    this.running = true;
    this.unsubscribe = this.store.onCommitted(() => {
      this.pending = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  /** Stops after the batch in flight; its checkpoint is saved. */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let position = await this.checkpoints.load(this.name);
    let failures = 0;
    while (this.running) {
      try {
        this.pending = false;
        const events = await this.store.readAll({ afterPosition: position, maxCount: this.batchSize });
        for (const event of events) {
          await this.publish(event);
          position = event.position;
        }
        if (events.length > 0) await this.checkpoints.save(this.name, position);
        failures = 0;
        if (events.length < this.batchSize) await this.idle(this.pollIntervalMs);
      } catch {
        // NATS unavailable or a publish not acknowledged: retry the same events, never skip one.
        failures++;
        await this.idle(Math.min(10_000, 100 * 2 ** failures), { evenIfPending: true });
      }
    }
  }

  private async publish(event: RecordedEvent): Promise<void> {
    const headers = natsHeaders();
    headers.set(POSITION_HEADER, String(event.position));
    if (event.metadata.correlationId) headers.set(CORRELATION_HEADER, event.metadata.correlationId);
    await this.js?.publish(
      this.names.eventSubject(streamCategory(event.streamId), event.type),
      JSON.stringify(event),
      {
        msgID: event.id,
        headers,
      },
    );
  }

  /** Sleeps until the timeout or the next local commit (or stop), whichever comes first. */
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
