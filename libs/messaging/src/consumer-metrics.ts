import type { ConsumerInfo, JetStreamManager } from '@nats-io/jetstream';
import { registerSampledGauge } from '#observability';

/** A work queue hands each event to one worker; a projection folds events into a read model. */
export type ConsumerKind = 'work-queue' | 'projection';

interface ObservedConsumer {
  jsm: JetStreamManager;
  stream: string;
  durable: string;
  /** The worker name without the NATS prefix: the label value. */
  worker: string;
  kind: ConsumerKind;
}

/** Durable consumers running in this process, by durable name. */
const observed = new Map<string, ObservedConsumer>();

/** Counts the server keeps per consumer: one lookup per consumer serves every gauge of a scrape. */
let snapshot:
  | { takenAt: number; infos: Promise<{ consumer: ObservedConsumer; info: ConsumerInfo }[]> }
  | undefined;
const SNAPSHOT_REUSE_MS = 1_000;

function consumerInfos() {
  if (!snapshot || Date.now() - snapshot.takenAt > SNAPSHOT_REUSE_MS) {
    const lookups = [...observed.values()].map(async (consumer) => ({
      consumer,
      // A consumer deleted under a running process (a test cleaning up) is simply not reported.
      info: await consumer.jsm.consumers.info(consumer.stream, consumer.durable).catch(() => undefined),
    }));
    snapshot = {
      takenAt: Date.now(),
      infos: Promise.all(lookups).then((all) =>
        all.filter((entry): entry is { consumer: ObservedConsumer; info: ConsumerInfo } => !!entry.info),
      ),
    };
  }
  return snapshot.infos;
}

const ofKind = async (kind: ConsumerKind) =>
  (await consumerInfos()).filter(({ consumer }) => consumer.kind === kind);

registerSampledGauge({
  name: 'trawl_queue_pending_events',
  help: 'Events waiting in a work queue (JetStream consumer num_pending), by queue',
  labelNames: ['queue'],
  sample: async () =>
    (await ofKind('work-queue')).map(({ consumer, info }) => ({
      labels: { queue: consumer.worker },
      value: info.num_pending,
    })),
});

registerSampledGauge({
  name: 'trawl_queue_in_flight_events',
  help: 'Events of a work queue delivered to a worker and not yet acknowledged (num_ack_pending), by queue',
  labelNames: ['queue'],
  sample: async () =>
    (await ofKind('work-queue')).map(({ consumer, info }) => ({
      labels: { queue: consumer.worker },
      value: info.num_ack_pending,
    })),
});

registerSampledGauge({
  name: 'trawl_projection_lag_events',
  help: 'Events of the stream head a projection has not applied yet (its checkpoint, the ack floor, to the head), by projection',
  labelNames: ['projection'],
  sample: async () =>
    (await ofKind('projection')).map(({ consumer, info }) => ({
      labels: { projection: consumer.worker },
      value: info.num_pending + info.num_ack_pending,
    })),
});

/** Reports a running consumer's depth or lag on `/metrics` until the returned function is called. */
export function observeConsumer(consumer: ObservedConsumer): () => void {
  observed.set(consumer.durable, consumer);
  return () => {
    if (observed.get(consumer.durable) === consumer) observed.delete(consumer.durable);
  };
}
