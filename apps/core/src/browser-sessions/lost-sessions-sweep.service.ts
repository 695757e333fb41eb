import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  BROWSER_SESSIONS_LISTED_FOR_MS,
  BROWSER_SESSIONS_READ_MODEL,
  type BrowserSessionView,
  browserStreamId,
  type NatsNames,
} from '#contracts';
import { browserSessionDecider, closeOfLostSession } from '#domain';
import type { EventStore } from '#event-store';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER } from '#observability';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { PeriodicTask } from '../periodic-task.js';

/**
 * Closes browser sessions whose browser-worker crashed: nothing else would, so they would stay
 * listed active and never be billed. Every interval this reads the sessions listed active (the
 * `browser_sessions` projection) and closes, as `lost`, those past their expiry and a grace. The
 * aggregate makes a repeated close, or one racing the worker's own, harmless.
 */
@Injectable()
export class LostSessionsSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly listed: ReturnType<typeof lazyKv>;
  private readonly sweeps = new PeriodicTask(
    () => this.sweep(),
    (error) => this.logger.error({ err: error }, 'browser session sweep failed'),
  );

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'browser-session-sweep' });
    this.listed = lazyKv(nc, names.kvBucket(BROWSER_SESSIONS_READ_MODEL), {
      ttl: BROWSER_SESSIONS_LISTED_FOR_MS,
    });
  }

  onApplicationBootstrap() {
    this.sweeps.start(this.config.browserSessionSweep.intervalMs);
  }

  private async sweep() {
    const kv = await this.listed();
    for await (const key of await kv.keys()) {
      const entry = await kv.get(key);
      if (entry?.operation !== 'PUT') continue;
      const [teamId] = key.split('.');
      const close = closeOfLostSession(
        entry.json<BrowserSessionView>(),
        teamId as string,
        Date.now(),
        this.config.browserSessionSweep.graceMs,
      );
      if (!close) continue;
      const { events } = await executeCommand(
        this.store,
        browserSessionDecider,
        browserStreamId(close.sessionId),
        { type: 'CloseBrowserSession', data: close },
        { teamId: close.teamId },
      );
      if (events.length > 0)
        this.logger.warn({ sessionId: close.sessionId }, 'browser session lost by its worker closed');
    }
  }

  async onApplicationShutdown() {
    await this.sweeps.stop();
  }
}
