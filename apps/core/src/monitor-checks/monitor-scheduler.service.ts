import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { MONITORS_READ_MODEL, type MonitorView, monitorStreamId, type NatsNames } from '#contracts';
import { monitorDecider } from '#domain';
import type { EventStore } from '#event-store';
import { NATS_CONNECTION, NATS_NAMES, openKv } from '#messaging';
import { LOGGER } from '#observability';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { PeriodicTask } from '../periodic-task.js';

interface Scheduled {
  monitorId: string;
  status: MonitorView['status'];
  nextRunAt: string | null;
  /** The running check and when it started (the watchdog's input). */
  currentCheckId: string | null;
  lastRunAt: string | null;
}

/**
 * Starts due checks. It follows the monitors read model (a KV watch, so every instance knows
 * every monitor's `nextRunAt`) and, on each tick, asks the monitor aggregate to start the slot
 * that is due. Every core instance may do so: the aggregate starts a slot once, and the optimistic
 * append on the monitor stream makes concurrent attempts lose cleanly. After a restart the missed
 * slot is still `nextRunAt`, so it runs once, not once per missed slot.
 */
@Injectable()
export class MonitorScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly monitors = new Map<string, Scheduled>();
  /** Slots this instance already asked for, so a lagging read model does not repeat the request every tick. */
  private readonly requested = new Map<string, string>();
  private watcher?: { stop(): void };
  private readonly ticks = new PeriodicTask(
    () => this.tick(),
    (error) => this.logger.error({ err: error }, 'scheduler tick failed'),
  );

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-scheduler' });
  }

  async onApplicationBootstrap() {
    const kv: KV = await openKv(this.nc, this.names.kvBucket(MONITORS_READ_MODEL));
    const watch = await kv.watch({ key: '>' });
    this.watcher = watch;
    void (async () => {
      for await (const entry of watch) {
        const monitorId = entry.key.slice(entry.key.indexOf('.') + 1);
        if (entry.operation !== 'PUT') {
          this.monitors.delete(monitorId);
          continue;
        }
        const view = entry.json<MonitorView>();
        const { status, nextRunAt, currentCheckId, lastRunAt } = view;
        this.monitors.set(monitorId, { monitorId, status, nextRunAt, currentCheckId, lastRunAt });
      }
    })();
    this.ticks.start(this.config.monitorSchedulerTickMs);
  }

  /** Monitors due now, by `nextRunAt`. */
  due(at: string): Scheduled[] {
    return [...this.monitors.values()].filter(
      (monitor) =>
        monitor.status === 'active' &&
        monitor.nextRunAt !== null &&
        monitor.nextRunAt <= at &&
        this.requested.get(monitor.monitorId) !== monitor.nextRunAt,
    );
  }

  /** Checks running now, as the read model knows them. */
  running(): { monitorId: string; checkId: string; startedAt: string }[] {
    return [...this.monitors.values()].flatMap(({ monitorId, currentCheckId, lastRunAt }) =>
      currentCheckId && lastRunAt ? [{ monitorId, checkId: currentCheckId, startedAt: lastRunAt }] : [],
    );
  }

  private async tick() {
    const at = new Date().toISOString();
    for (const monitor of this.due(at)) {
      const scheduledFor = monitor.nextRunAt as string;
      this.requested.set(monitor.monitorId, scheduledFor);
      try {
        await executeCommand(
          this.store,
          monitorDecider,
          monitorStreamId(monitor.monitorId),
          {
            type: 'StartScheduledCheck',
            data: { monitorId: monitor.monitorId, checkId: uuidv7(), scheduledFor, at },
          },
          { correlationId: uuidv7() },
        );
      } catch (error) {
        this.requested.delete(monitor.monitorId);
        this.logger.error({ err: error, monitorId: monitor.monitorId }, 'could not start a scheduled check');
      }
    }
  }

  async beforeApplicationShutdown() {
    this.watcher?.stop();
    await this.ticks.stop();
  }
}
