import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  type NatsNames,
  TEAM_CATEGORY,
  TEAM_SETTINGS_READ_MODEL,
  type TeamSettings,
  type ZeroDataRetentionSet,
} from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';

/** What the operator allowed each team (zero data retention), for the api to check per request. */
@Injectable()
export class TeamSettingsProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    const kv = await new Kvm(this.nc).create(this.names.kvBucket(TEAM_SETTINGS_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_team_settings',
      kind: 'projection',
      category: TEAM_CATEGORY,
      type: 'ZeroDataRetentionSet',
      // In order: the newest setting must win.
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: async (event) => {
        const { teamId, enabled } = event.data as ZeroDataRetentionSet['data'];
        const settings: TeamSettings = { zeroDataRetention: enabled };
        await kv.put(teamId, JSON.stringify(settings));
      },
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
