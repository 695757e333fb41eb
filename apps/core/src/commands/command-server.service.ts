import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type NatsNames, teamStreamId } from '#contracts';
import { DomainError } from '#domain';
import { type EventStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES, SerialLanes, serveCommands } from '#messaging';
import { executeCommand, type StreamStateCache } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { commandRoutes } from './command-routes.js';

/** Answers every aggregate command on NATS request/reply, plus the core's health probe. */
@Injectable()
export class CommandServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscriptions: Subscription[] = [];
  private readonly locks = new SerialLanes();

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onApplicationBootstrap() {
    for (const route of commandRoutes) {
      const cache: StreamStateCache<unknown> | undefined = route.cacheState ? new Map() : undefined;
      const handlers = Object.fromEntries(
        route.commands.map((type) => [
          type,
          async (payload: unknown, { correlationId }: { correlationId?: string }) => {
            const data = payload as Record<string, string>;
            const streamId = route.streamId(data);
            if (route.forCreatedTeam?.includes(type)) await this.teamCreated(data.teamId);
            const { events, revision } = await this.locks.run(streamId, () =>
              executeCommand(
                this.store,
                route.decider,
                streamId,
                { type, data },
                { correlationId, teamId: route.teamId(data) },
                cache,
              ),
            );
            return { events: events.map((e) => e.type), revision };
          },
        ]),
      );
      this.subscriptions.push(...serveCommands(this.nc, this.names, route.category, handlers));
    }
    this.subscriptions.push(
      ...serveCommands(this.nc, this.names, 'health', {
        core: async () => {
          await this.store.ping();
          return { eventStore: 'up' };
        },
      }),
    );
  }

  private async teamCreated(teamId: string): Promise<void> {
    const [created] = await this.store.readStream(teamStreamId(teamId), { maxCount: 1 });
    if (!created) throw new DomainError('TEAM_NOT_FOUND', `Team ${teamId} does not exist`);
  }

  onApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}
