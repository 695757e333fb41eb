import type { NatsConnection } from '@nats-io/transport-node';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { NatsNames } from '#contracts';
import {
  BLOB_STORE,
  type BlobStore,
  consumeEvents,
  NATS_CONNECTION,
  NATS_NAMES,
  openKv,
  type RunningConsumer,
} from '#messaging';
import { ALL_PROJECTIONS } from './all-projections.js';
import type { Projection } from './projection.js';
import { kvDocuments, type ReadModelDocuments } from './read-model-documents.js';

/** The read models' KV buckets of one projection, created when missing. */
async function openReadModels(
  nc: NatsConnection,
  names: NatsNames,
  projection: Projection,
): Promise<Record<string, ReadModelDocuments>> {
  const entries = await Promise.all(
    projection.readModels.map(async ({ name, ttlMs }) => {
      const kv = await openKv(nc, names.kvBucket(name), ttlMs ? { ttl: ttlMs } : {});
      return [name, kvDocuments(kv)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Runs every projection live: each on its own durable consumer (it resumes where it stopped),
 * one event at a time, since each event reads, evolves and writes its documents.
 */
@Injectable()
export class LiveProjections implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LiveProjections.name);
  private consumers: RunningConsumer[] = [];

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async onApplicationBootstrap() {
    this.consumers = await Promise.all(ALL_PROJECTIONS.map((projection) => this.run(projection)));
  }

  private async run(projection: Projection): Promise<RunningConsumer> {
    const documents = await openReadModels(this.nc, this.names, projection);
    return consumeEvents(this.nc, this.names, {
      worker: projection.worker,
      kind: 'projection',
      category: projection.category,
      ...(projection.type ? { type: projection.type } : {}),
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: (event) => projection.apply(event, documents, { blobs: this.blobs }),
      onError: (error, event) =>
        this.logger.warn(`${projection.worker} failed on ${event?.type ?? 'an event'}: ${String(error)}`),
    });
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
