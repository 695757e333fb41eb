import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { API_KEYS_READ_MODEL } from '#accounts';
import { type NatsNames, TEAM_CATEGORY } from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import { apiKeyChange } from './api-keys.projection.js';

/** Keeps the api-keys KV bucket in step with team events (a durable consumer: it resumes where it stopped). */
@Injectable()
export class ApiKeysProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    const kv: KV = await new Kvm(this.nc).create(this.names.kvBucket(API_KEYS_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_api_keys',
      kind: 'projection',
      category: TEAM_CATEGORY,
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: async (event) => {
        const change = apiKeyChange(event);
        if (!change) return;
        if ('put' in change) await kv.put(change.put, JSON.stringify(change.entry));
        else await kv.delete(change.delete);
      },
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
