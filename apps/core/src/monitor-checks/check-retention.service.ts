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
import {
  type ChecksExpired,
  MONITORS_READ_MODEL,
  type MonitorEvent,
  type MonitorView,
  monitorStreamId,
  type NatsNames,
  scrapeStreamId,
} from '#contracts';
import { changeTrackingJsonBlob, fold, monitorDecider, retentionPlan } from '#domain';
import { type EventStore, WrongExpectedRevisionError } from '#event-store';
import { BLOB_STORE, type BlobStore, NATS_CONNECTION, NATS_NAMES, openKv } from '#messaging';
import { LOGGER } from '#observability';
import { EVENT_STORE } from '../event-store.provider.js';
import { PeriodicTask } from '../periodic-task.js';

/**
 * Enforces `retentionDays`: checks that started longer ago leave the monitor stream (a
 * ChecksExpired event holding the monitor's state, then truncation before the oldest kept check),
 * the read models (projected from that event), and the stores: the scrape streams of their pages
 * are deleted and their blobs removed, except scrapes still used as a baseline.
 */
@Injectable()
export class CheckRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly sweeps = new PeriodicTask(
    () => this.sweep(),
    (error) => this.logger.error({ err: error }, 'retention sweep failed'),
  );

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-retention' });
  }

  onApplicationBootstrap() {
    this.sweeps.start(this.config.monitorRetentionSweepMs);
  }

  private async sweep() {
    const monitors = await openKv(this.nc, this.names.kvBucket(MONITORS_READ_MODEL));
    for await (const key of await monitors.keys()) {
      const view = (await monitors.get(key))?.json<MonitorView>();
      if (view) await this.expire(view);
    }
  }

  private async expire(view: MonitorView) {
    const streamId = monitorStreamId(view.id);
    const history = await this.store.readStream(streamId);
    if (history.length === 0) return;
    const dayMs = this.config.monitorRetentionDaySeconds * 1000;
    const now = Date.now();
    const plan = retentionPlan(history, new Date(now - view.retentionDays * dayMs).toISOString());
    if (plan.checkIds.length === 0) return;
    const state = fold(
      monitorDecider,
      history.map((event) => ({ type: event.type, data: event.data }) as MonitorEvent),
    );
    const [expired] = monitorDecider.decide(
      {
        type: 'ExpireChecks',
        data: {
          monitorId: view.id,
          checkIds: plan.checkIds,
          scrapeIds: plan.scrapeIds,
          history: {
            createdAt: view.createdAt,
            lastRunAt: view.lastRunAt,
            lastCheckSummary: view.lastCheckSummary,
          },
          at: new Date(now).toISOString(),
        },
      },
      state,
    ) as ChecksExpired[];
    if (!expired) return;
    const lastRevision = history[history.length - 1].revision;
    try {
      // Planned from this exact revision: a concurrent sweep (or check) makes this append fail, and the next sweep plans again.
      await this.store.append(
        streamId,
        [{ id: uuidv7(), type: expired.type, data: expired.data, metadata: { correlationId: uuidv7() } }],
        lastRevision,
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return;
      throw error;
    }
    await this.store.truncateStream(streamId, plan.keepFromRevision ?? lastRevision + 1);
    for (const scrapeId of expired.data.scrapeIds) await this.forgetScrape(scrapeId);
    this.logger.info(
      { monitorId: view.id, checks: plan.checkIds.length, scrapes: expired.data.scrapeIds.length },
      'expired monitor checks',
    );
  }

  /** A dropped page's scrape: its blobs (page body, document, json-mode extraction) and its stream. */
  private async forgetScrape(scrapeId: string) {
    const streamId = scrapeStreamId(scrapeId);
    const events = await this.store.readStream(streamId);
    const keys = new Set([
      changeTrackingJsonBlob(scrapeId),
      ...events.flatMap((event) => blobKeysIn(event.data)),
    ]);
    for (const key of keys) await this.blobs.delete(key);
    if (events.length > 0) await this.store.deleteStream(streamId);
  }

  async beforeApplicationShutdown() {
    await this.sweeps.stop();
  }
}

/** Blob keys an event names: scrape events keep bodies as `…Blob` fields (`bodyBlob`, `documentBlob`, `htmlBlob`). */
function blobKeysIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(blobKeysIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) =>
    key.endsWith('Blob') && typeof field === 'string' ? [field] : blobKeysIn(field),
  );
}
