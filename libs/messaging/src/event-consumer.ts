import { AckPolicy, DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { type NatsConnection, nanos } from '@nats-io/transport-node';
import type { NatsNames, RecordedEvent } from '#contracts';
import { type ConsumerKind, observeConsumer } from './consumer-metrics.js';
import { ensureEventsStream } from './events-stream.js';
import { freeSlotPulls } from './free-slot-pulls.js';
import { SerialLanes } from './serial-lanes.js';

export interface EventConsumerOptions {
  /** Durable name of the worker group; instances with the same name share the work. */
  worker: string;
  /** Reported on `/metrics` as a work queue's depth (default) or a projection's lag. */
  kind?: ConsumerKind;
  /** Event category and type this worker reacts to, e.g. `scrape` / `ScrapeRequested`; omit type for all. */
  category?: string;
  type?: string;
  /**
   * Jobs in flight at once in this instance. A projection's is also the server's cap over every instance
   * (one event at a time, in order); a work queue's instances add up.
   */
  concurrency: number;
  /** Without a heartbeat for this long, the server redelivers to another instance. */
  ackWaitMs: number;
  maxDeliver?: number;
  /** The longest wait before a failed job is tried again (default 30 s); the waits double up to it. */
  maxRetryDelayMs?: number;
  /** How long `stop` lets jobs in flight finish before handing them back (default `STOP_GRACE_MS`). */
  stopGraceMs?: number;
  handle: (event: RecordedEvent, delivery: { redelivered: boolean; attempt: number }) => Promise<void>;
  onError?: (error: unknown, event: RecordedEvent | undefined) => void;
  /**
   * For consumers whose effects leave Trawl (webhooks, e-mail): an event the relay published more than
   * `horizonMs` after its commit is history sent again (NATS lost its streams), acknowledged unhandled.
   */
  skipRelayedHistory?: { horizonMs: number; onSkip: (event: RecordedEvent) => void };
  /**
   * Handles the events of one event stream (one monitor's, one crawl's) one at a time in order,
   * streams side by side up to `concurrency` events in flight: a slow one holds back only its own.
   */
  inOrderPerStream?: boolean;
}

/** Pure: how long a job that failed at its `attempt`-th delivery waits: 1 s, 2 s, 4 s, … up to `maxMs`. */
export function retryDelayMs(attempt: number, maxMs = 30_000): number {
  return Math.min(maxMs, 500 * 2 ** attempt);
}

/** Pure: the relay published this event more than `horizonMs` after it was committed. */
function isRelayedHistory(event: RecordedEvent, publishedAtMs: number, horizonMs: number): boolean {
  return publishedAtMs - Date.parse(event.createdAt) > horizonMs;
}

/**
 * A work queue's cap on unacknowledged messages on the server, over all its instances. Each instance
 * pulls only for its free slots; with `concurrency` as the cap, as before, a second browser-worker or
 * extractor added nothing (two instances of 4 held 4 jobs between them).
 */
const WORK_QUEUE_MAX_ACK_PENDING = 10_000;

/**
 * How long a stopping consumer waits for its jobs in flight: a check or crawl can run for minutes,
 * and Docker kills a container 10 s after SIGTERM.
 */
export const STOP_GRACE_MS = 8_000;

export interface RunningConsumer {
  /**
   * Stops pulling and waits for the jobs in flight; those still running after the grace are handed
   * back (nak) so another instance takes them at once instead of after `ackWaitMs`.
   */
  stop(): Promise<void>;
  inFlight(): number;
}

/** One event being handled; `delivery` is its newest delivery, the one the server waits on. */
interface Job {
  delivery: JsMsg;
  done: Promise<void>;
}

/**
 * A JetStream durable pull consumer with explicit acks. The message is acknowledged only after
 * `handle` resolves; while it runs, a heartbeat (`working`) keeps the lease, so a process that dies
 * mid-job stops heart-beating and the event is redelivered after `ackWaitMs`.
 */
export async function consumeEvents(
  nc: NatsConnection,
  names: NatsNames,
  options: EventConsumerOptions,
): Promise<RunningConsumer> {
  const jsm = await jetstreamManager(nc);
  await ensureEventsStream(jsm, names);
  const durable = names.consumerName(options.worker);
  const filter =
    options.category && options.type
      ? names.eventSubject(options.category, options.type)
      : names.eventWildcard(options.category);
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: filter,
    ack_wait: nanos(options.ackWaitMs),
    // A projection goes one event at a time across the deployment, in order even when one is retried.
    // A work queue's instances each bound their own jobs; the server's cap only has to stay above all.
    max_ack_pending: options.kind === 'projection' ? options.concurrency : WORK_QUEUE_MAX_ACK_PENDING,
    max_deliver: options.maxDeliver ?? 5,
  };
  const existing = await jsm.consumers.info(names.eventsStream, durable).catch(() => undefined);
  if (existing) await jsm.consumers.update(names.eventsStream, durable, config);
  else await jsm.consumers.add(names.eventsStream, config);

  const consumer = await jetstream(nc).consumers.get(names.eventsStream, durable);
  const unobserve = observeConsumer({
    jsm,
    stream: names.eventsStream,
    durable,
    worker: options.worker,
    kind: options.kind ?? 'work-queue',
  });
  /**
   * Jobs in flight by stream sequence. A job whose lease ran out while it still ran (a stall kept its
   * heartbeat from going out) comes back as a new delivery: the running job answers that one instead of
   * a second run beside it, since the server now waits for the newest delivery's ack.
   */
  const jobs = new Map<number, Job>();
  /** Jobs handed back at stop: another instance owns them now, so this one neither acks nor naks them. */
  const handedBack = new Set<Job>();
  const streams = new SerialLanes();
  const pulls =
    options.kind === 'projection'
      ? undefined
      : freeSlotPulls(
          consumer,
          () => options.concurrency - jobs.size,
          // Named as a pull, not a job: the handler's own message says which job failed.
          (error) => options.onError?.(new Error(`pulling ${durable} failed`, { cause: error }), undefined),
        );
  const messages = pulls ?? (await consumer.consume({ max_messages: options.concurrency }));
  let stopping = false;

  const process = async (job: Job) => {
    const { redelivered, info } = job.delivery;
    let event: RecordedEvent | undefined;
    const heartbeat = setInterval(
      () => handedBack.has(job) || job.delivery.working(),
      Math.max(200, options.ackWaitMs / 3),
    );
    heartbeat.unref(); // the job itself keeps the process alive, not its heartbeat
    try {
      event = job.delivery.json<RecordedEvent>();
      const history = options.skipRelayedHistory;
      if (history && isRelayedHistory(event, info.timestampNanos / 1e6, history.horizonMs)) {
        history.onSkip(event);
        job.delivery.ack();
        return;
      }
      const handle = () =>
        options.handle(event as RecordedEvent, { redelivered, attempt: info.deliveryCount });
      await (options.inOrderPerStream ? streams.run(event.streamId, handle) : handle());
      // Confirmed before the slot is pulled for again: an ack still on its way when the pull arrives
      // would let a job whose lease ran out come back after it ended, and run a second time.
      if (!handedBack.has(job)) await job.delivery.ackAck().catch(() => false);
    } catch (error) {
      options.onError?.(error, event);
      if (!handedBack.has(job)) job.delivery.nak(retryDelayMs(info.deliveryCount, options.maxRetryDelayMs));
    } finally {
      clearInterval(heartbeat);
    }
  };

  const loop = (async () => {
    for await (const msg of messages) {
      const running = jobs.get(msg.seq);
      if (running) {
        running.delivery = msg;
        continue;
      }
      if (stopping) {
        msg.nak(); // pulled as the consumer stopped: another instance takes it at once
        continue;
      }
      const job: Job = { delivery: msg, done: Promise.resolve() };
      jobs.set(msg.seq, job);
      job.done = process(job).finally(() => {
        jobs.delete(msg.seq);
        pulls?.slotFreed();
      });
    }
  })();

  return {
    inFlight: () => jobs.size,
    async stop() {
      unobserve();
      stopping = true;
      await messages.close();
      await loop;
      let grace: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.allSettled([...jobs.values()].map((job) => job.done)).then(() => true),
        new Promise<boolean>((resolve) => {
          grace = setTimeout(() => resolve(false), options.stopGraceMs ?? STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(grace);
      // On a connection already closed the leases simply run out, as when a process dies.
      if (finished || nc.isClosed()) return;
      for (const job of jobs.values()) {
        handedBack.add(job);
        job.delivery.nak();
      }
      await nc.flush();
    },
  };
}
