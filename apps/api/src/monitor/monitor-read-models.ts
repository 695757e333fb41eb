import type { KV, KvEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import {
  type CheckPage,
  type CheckView,
  MONITOR_CHECK_PAGES_READ_MODEL,
  MONITOR_CHECKS_READ_MODEL,
  MONITOR_WEBHOOK_DELIVERIES_READ_MODEL,
  MONITORS_READ_MODEL,
  type MonitorView,
  type NatsNames,
  type WebhookDeliveryRecord,
} from '#contracts';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { untilProjected } from '../read-models/until-projected.js';

type Stored<View> = View & { teamId: string; revision: number };

/** Reads of the monitor projections (KV). Keys start with the team: one team never lists another's. */
@Injectable()
export class MonitorReadModels {
  private readonly monitors: () => Promise<KV>;
  private readonly checks: () => Promise<KV>;
  private readonly pages: () => Promise<KV>;
  private readonly deliveries: () => Promise<KV>;

  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(NATS_NAMES) names: NatsNames) {
    this.monitors = lazyKv(nc, names.kvBucket(MONITORS_READ_MODEL));
    this.checks = lazyKv(nc, names.kvBucket(MONITOR_CHECKS_READ_MODEL));
    this.pages = lazyKv(nc, names.kvBucket(MONITOR_CHECK_PAGES_READ_MODEL));
    this.deliveries = lazyKv(nc, names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL));
  }

  async monitor(teamId: string, monitorId: string): Promise<MonitorView | undefined> {
    if (!isKeyToken(monitorId)) return undefined;
    const stored = documentOf<MonitorView>(await (await this.monitors()).get(`${teamId}.${monitorId}`));
    return stored && withoutBookkeeping(stored);
  }

  async listMonitors(teamId: string, limit: number, offset: number): Promise<MonitorView[]> {
    const kv = await this.monitors();
    const keys = (await collect(await kv.keys(`${teamId}.*`))).sort().reverse();
    return this.values(kv, keys.slice(offset, offset + limit));
  }

  async check(teamId: string, monitorId: string, checkId: string): Promise<CheckView | undefined> {
    if (!isKeyToken(monitorId) || !isKeyToken(checkId)) return undefined;
    const stored = documentOf<CheckView>(
      await (await this.checks()).get(`${teamId}.${monitorId}.${checkId}`),
    );
    return stored && withoutBookkeeping(stored);
  }

  /** Newest first. */
  async listChecks(teamId: string, monitorId: string, status?: string): Promise<CheckView[]> {
    const kv = await this.checks();
    const keys = (await collect(await kv.keys(`${teamId}.${monitorId}.*`))).sort().reverse();
    const checks = await this.values<CheckView>(kv, keys);
    return status ? checks.filter((check) => check.status === status) : checks;
  }

  /** In the order they were checked. */
  async pagesOf(checkId: string, status?: string): Promise<CheckPage[]> {
    const kv = await this.pages();
    const keys = (await collect(await kv.keys(`${checkId}.*`))).sort();
    const pages = await this.values<CheckPage>(kv, keys);
    return status ? pages.filter((page) => page.status === status) : pages;
  }

  /** The webhook calls of a check, oldest first. */
  async deliveriesOf(checkId: string): Promise<WebhookDeliveryRecord[]> {
    const kv = await this.deliveries();
    const keys = (await collect(await kv.keys(`${checkId}.*`))).sort();
    const entries = await Promise.all(keys.map((key) => kv.get(key)));
    return entries.flatMap((entry) =>
      entry && entry.operation === 'PUT' ? [entry.json<WebhookDeliveryRecord>()] : [],
    );
  }

  /** Waits until the monitor document reflects `revision` (or is gone, when `gone`). */
  async monitorAt(teamId: string, monitorId: string, revision: number): Promise<MonitorView> {
    return this.waitFor(async () => {
      const stored = documentOf<MonitorView>(await (await this.monitors()).get(`${teamId}.${monitorId}`));
      return stored && stored.revision >= revision ? withoutBookkeeping(stored) : undefined;
    });
  }

  async checkAt(teamId: string, monitorId: string, checkId: string): Promise<CheckView> {
    return this.waitFor(() => this.check(teamId, monitorId, checkId));
  }

  async monitorGone(teamId: string, monitorId: string): Promise<void> {
    await this.waitFor(async () => ((await this.monitor(teamId, monitorId)) ? undefined : true));
  }

  private waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
    return untilProjected('monitor', probe);
  }

  private async values<View>(kv: KV, keys: string[]): Promise<View[]> {
    const entries = await Promise.all(keys.map((key) => kv.get(key)));
    return entries.flatMap((entry) => {
      const value = documentOf<View>(entry);
      return value ? [withoutBookkeeping(value)] : [];
    });
  }
}

/** The document of a KV entry; a deleted key reads as absent. */
function documentOf<View>(entry: KvEntry | null): Stored<View> | undefined {
  return entry && entry.operation === 'PUT' ? entry.json<Stored<View>>() : undefined;
}

/** Ids become KV key tokens: anything else (dots, wildcards) cannot name a document. */
const isKeyToken = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

function withoutBookkeeping<View>(stored: Stored<View>): View {
  const { teamId: _team, revision: _revision, ...view } = stored;
  return view as View;
}

async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all;
}
