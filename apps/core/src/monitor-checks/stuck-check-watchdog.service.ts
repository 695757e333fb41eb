import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { monitorStreamId } from '#contracts';
import { monitorDecider } from '#domain';
import type { EventStore } from '#event-store';
import { LOGGER } from '#observability';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { PeriodicTask } from '../periodic-task.js';
import { MonitorScheduler } from './monitor-scheduler.service.js';

/**
 * Completes checks whose pages never all report (a worker crashed, a message was lost) once they
 * run past `MONITOR_CHECK_DEADLINE_MS`. Every core instance watches; the monitor aggregate
 * completes a check once, so a race between instances (or with a late worker) records it once.
 */
@Injectable()
export class StuckCheckWatchdog implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly sweeps = new PeriodicTask(
    () => this.completeStuckChecks(),
    (error) => this.logger.error({ err: error }, 'stuck-check sweep failed'),
  );

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) logger: Logger,
    private readonly scheduler: MonitorScheduler,
  ) {
    this.logger = logger.child({ component: 'stuck-check-watchdog' });
  }

  onApplicationBootstrap() {
    this.sweeps.start(this.config.monitorSchedulerTickMs);
  }

  private async completeStuckChecks() {
    const now = Date.now();
    const deadline = this.config.monitorCheckDeadlineMs;
    for (const check of this.scheduler.running()) {
      if (now - Date.parse(check.startedAt) < deadline) continue;
      const reason = `the check ran past its ${Math.round(deadline / 1000)} s deadline (MONITOR_CHECK_DEADLINE_MS)`;
      try {
        const { events } = await executeCommand(
          this.store,
          monitorDecider,
          monitorStreamId(check.monitorId),
          {
            type: 'CompleteStuckCheck',
            data: {
              monitorId: check.monitorId,
              checkId: check.checkId,
              reason,
              at: new Date().toISOString(),
            },
          },
          { correlationId: uuidv7() },
        );
        if (events.length > 0) this.logger.warn(check, 'stuck monitor check completed by the watchdog');
      } catch (error) {
        this.logger.error({ err: error, ...check }, 'could not complete a stuck check');
      }
    }
  }

  async beforeApplicationShutdown() {
    await this.sweeps.stop();
  }
}
