import { type KV, type KvEntry, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  MONITOR_CATEGORY,
  MONITOR_CHECK_PAGES_READ_MODEL,
  MONITOR_CHECKS_READ_MODEL,
  MONITORS_READ_MODEL,
  type MonitorEvent,
  type NatsNames,
  type RecordedEvent,
} from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, type RunningConsumer } from '#messaging';
import {
  checkedPage,
  evolveCheckView,
  evolveMonitorView,
  type StoredCheck,
  type StoredMonitor,
} from './monitor-views.projection.js';

/**
 * The monitor read models: monitors (`<teamId>.<monitorId>`), checks
 * (`<teamId>.<monitorId>.<checkId>`) and the pages of checks (`<checkId>.<pageId>`).
 */
@Injectable()
export class MonitorViewsProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {}

  async onApplicationBootstrap() {
    const kvm = new Kvm(this.nc);
    const [monitors, checks, pages] = await Promise.all(
      [MONITORS_READ_MODEL, MONITOR_CHECKS_READ_MODEL, MONITOR_CHECK_PAGES_READ_MODEL].map((name) =>
        kvm.create(this.names.kvBucket(name)),
      ),
    );
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitors',
      category: MONITOR_CATEGORY,
      // One at a time: each event reads, evolves and writes its documents.
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: (event) => this.project(event, monitors, checks, pages),
    });
  }

  private async project(recorded: RecordedEvent, monitors: KV, checks: KV, pages: KV) {
    const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
    const { teamId, monitorId } = event.data;
    const monitorKey = `${teamId}.${monitorId}`;
    if ('checkId' in event.data) {
      const checkKey = `${monitorKey}.${event.data.checkId}`;
      const page = checkedPage(recorded);
      if (page) await pages.put(`${event.data.checkId}.${page.id}`, JSON.stringify(page));
      const check = documentOf<StoredCheck>(await checks.get(checkKey));
      const nextCheck = evolveCheckView(check, recorded);
      if (nextCheck) await checks.put(checkKey, JSON.stringify(nextCheck));
    }
    if (event.type === 'ChecksExpired') await this.dropChecks(monitorKey, event.data.checkIds, checks, pages);
    const monitor = documentOf<StoredMonitor>(await monitors.get(monitorKey));
    const next = evolveMonitorView(monitor, recorded);
    if (next === null) {
      await this.deleteChecks(monitorKey, checks, pages);
      await monitors.delete(monitorKey);
    } else if (next) {
      await monitors.put(monitorKey, JSON.stringify(next));
    }
  }

  /** Checks past the monitor's `retentionDays` leave the read models with their pages. */
  private async dropChecks(monitorKey: string, checkIds: string[], checks: KV, pages: KV) {
    for (const checkId of checkIds) {
      for await (const pageKey of await pages.keys(`${checkId}.>`)) await pages.purge(pageKey);
      await checks.purge(`${monitorKey}.${checkId}`);
    }
  }

  /** A deleted monitor takes its checks and their pages with it. */
  private async deleteChecks(monitorKey: string, checks: KV, pages: KV) {
    const checkIds: string[] = [];
    for await (const checkKey of await checks.keys(`${monitorKey}.>`))
      checkIds.push(checkKey.slice(monitorKey.length + 1));
    await this.dropChecks(monitorKey, checkIds, checks, pages);
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}

/** A deleted key reads as absent. */
function documentOf<Document>(entry: KvEntry | null): Document | undefined {
  return entry && entry.operation === 'PUT' ? entry.json<Document>() : undefined;
}
