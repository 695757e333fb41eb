import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  apiKeyOf,
  type CheckPage,
  type CheckView,
  type ErrorDetail,
  MONITOR_CATEGORY,
  type MonitorDraft,
  type MonitorPatchDraft,
  type MonitorSpec,
  type MonitorView,
  monitorCrawlRequest,
  type ResolvedSchedule,
  TrawlError,
  unavailableFeatures,
  validateCreateMonitor,
  validateScrapeRequest,
  validateUpdateMonitor,
  type WebhookDeliveryRecord,
} from '#contracts';
import { notificationsDue, resolveSchedule, ScheduleError } from '#domain';
import { CommandBus } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { availableFeatures, refuseUnavailable } from '../scrape/available-features.js';
import { MonitorReadModels } from './monitor-read-models.js';

export interface CheckDetail extends CheckView {
  pages: CheckPage[];
  next: string | null;
}

/** Monitor commands go to core over NATS; reads come from the projections. */
@Injectable()
export class MonitorService {
  constructor(
    private readonly bus: CommandBus,
    private readonly views: MonitorReadModels,
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
  ) {}

  async create(caller: Caller, body: unknown, correlationId: string): Promise<MonitorView> {
    const { teamId } = caller;
    const validated = validateCreateMonitor(body, uuidv7);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    const monitorId = uuidv7();
    const spec: MonitorSpec = {
      ...validated.value,
      schedule: this.schedule(validated.value.schedule, monitorId),
    };
    refuseWhatCannotRun(validated.value, this.config);
    const { revision } = await this.send(
      'CreateMonitor',
      { monitorId, teamId, spec, at: now(), ...apiKeyOf(caller) },
      correlationId,
    );
    return this.views.monitorAt(teamId, monitorId, revision);
  }

  async update(
    teamId: string,
    monitorId: string,
    body: unknown,
    correlationId: string,
  ): Promise<MonitorView> {
    const validated = validateUpdateMonitor(body, uuidv7);
    if (!validated.ok) throw new TrawlError('BAD_REQUEST', validated.error, validated.details);
    const { status, schedule, ...rest } = validated.value;
    refuseWhatCannotRun(validated.value, this.config);
    await this.get(teamId, monitorId);
    const changes: Partial<MonitorSpec> = {
      ...rest,
      ...(schedule ? { schedule: this.schedule(schedule, monitorId) } : {}),
    };
    const { revision } = await this.send(
      'UpdateMonitor',
      { monitorId, teamId, changes, status, at: now() },
      correlationId,
    );
    return this.views.monitorAt(teamId, monitorId, revision);
  }

  async get(teamId: string, monitorId: string): Promise<MonitorView> {
    const monitor = await this.views.monitor(teamId, monitorId);
    if (!monitor) throw new TrawlError('MONITOR_NOT_FOUND', `Monitor ${monitorId} not found`);
    return monitor;
  }

  list(teamId: string, limit: number, offset: number): Promise<MonitorView[]> {
    return this.views.listMonitors(teamId, limit, offset);
  }

  async delete(teamId: string, monitorId: string, correlationId: string): Promise<void> {
    await this.get(teamId, monitorId);
    await this.send('DeleteMonitor', { monitorId, teamId, at: now() }, correlationId);
    await this.views.monitorGone(teamId, monitorId);
  }

  async run(teamId: string, monitorId: string, correlationId: string): Promise<CheckView> {
    const monitor = await this.get(teamId, monitorId);
    const checkId = uuidv7();
    await this.send('RunMonitor', { monitorId, teamId, checkId, at: now() }, correlationId);
    const check = await this.views.checkAt(teamId, monitorId, checkId);
    return { ...check, notificationStatus: await this.notificationStatus(check, monitor) };
  }

  /** The page of checks, each with the notification state its detail shows (without the delivery log). */
  async checks(teamId: string, monitorId: string, page: { limit: number; offset: number; status?: string }) {
    const monitor = await this.get(teamId, monitorId);
    const checks = await this.views.listChecks(teamId, monitorId, page.status);
    return Promise.all(
      checks.slice(page.offset, page.offset + page.limit).map(async (check) => {
        const { deliveries: _log, ...notificationStatus } = await this.notificationStatus(check, monitor);
        return { ...check, notificationStatus };
      }),
    );
  }

  async check(
    teamId: string,
    monitorId: string,
    checkId: string,
    page: { limit: number; skip: number; status?: string },
  ): Promise<CheckDetail> {
    const monitor = await this.get(teamId, monitorId);
    const check = await this.existingCheck(teamId, monitorId, checkId);
    const pages = await this.views.pagesOf(checkId, page.status);
    // Retention removes a check before its pages: gone now, the pages read may be cut short.
    await this.existingCheck(teamId, monitorId, checkId);
    const end = page.skip + page.limit;
    const query = new URLSearchParams({ skip: String(end), limit: String(page.limit) });
    if (page.status) query.set('status', page.status);
    const next =
      end < pages.length
        ? `${this.config.publicUrl}/v2/monitor/${monitorId}/checks/${checkId}?${query.toString()}`
        : null;
    return {
      ...check,
      notificationStatus: await this.notificationStatus(check, monitor),
      pages: pages.slice(page.skip, end),
      next,
    };
  }

  /** Sends a finished check's webhooks again, through the webhook outbox, to the monitor's current webhook. */
  async redeliverWebhooks(teamId: string, monitorId: string, checkId: string, correlationId: string) {
    const monitor = await this.get(teamId, monitorId);
    const check = await this.existingCheck(teamId, monitorId, checkId);
    await this.send('RedeliverCheckWebhooks', { monitorId, teamId, checkId, at: now() }, correlationId);
    return { ...check, notificationStatus: await this.notificationStatus(check, monitor) };
  }

  private async existingCheck(teamId: string, monitorId: string, checkId: string): Promise<CheckView> {
    const check = await this.views.check(teamId, monitorId, checkId);
    if (!check)
      throw new TrawlError('MONITOR_CHECK_NOT_FOUND', `Check ${checkId} of monitor ${monitorId} not found`);
    return check;
  }

  /**
   * The check's webhook and e-mail state from its delivery log; before the log says more, what the
   * check owes: a running check's pages notify as they are checked, so its channels are pending.
   */
  private async notificationStatus(
    check: CheckView,
    monitor: MonitorView,
  ): Promise<CheckView['notificationStatus']> {
    const finished = check.status !== 'running';
    const due = finished ? check.notificationStatus : notificationsDue(monitor);
    const deliveries = await this.views.deliveriesOf(check.id);
    if (deliveries.length === 0) return due;
    const webhooks = deliveries.filter((d) => d.event !== 'email');
    const emails = deliveries.filter((d) => d.event === 'email');
    return {
      ...due,
      webhook: webhooks.length === 0 ? due.webhook : webhookStatus(webhooks, finished),
      email:
        emails.length === 0
          ? due.email
          : emails[0].status === 'delivered'
            ? 'delivered'
            : emails[0].status === 'failed'
              ? 'failed'
              : 'pending',
      deliveries,
    };
  }

  private schedule(input: MonitorDraft['schedule'], monitorId: string): ResolvedSchedule {
    try {
      return resolveSchedule(input, monitorId, this.config.monitorMinIntervalMinutes);
    } catch (error) {
      if (error instanceof ScheduleError)
        throw new TrawlError('BAD_REQUEST', error.message, [{ path: error.path, message: error.message }]);
      throw error;
    }
  }

  private send(command: string, payload: unknown, correlationId: string): Promise<{ revision: number }> {
    return refusalsAsErrors(() =>
      this.bus.send<{ revision: number }>(MONITOR_CATEGORY, command, payload, { correlationId }),
    );
  }
}

const KEPT_PAGES = 'its checks keep every page to compare it with the next check';

/**
 * Zero data retention and lockdown, which a monitor's kept pages contradict, are refused; e-mail
 * without an SMTP server, and scrape or crawl options this build cannot honour, are
 * refused by name instead of being accepted and never run.
 */
function refuseWhatCannotRun(draft: MonitorPatchDraft, config: TrawlConfig) {
  const missing = new Set<string>();
  const retained: ErrorDetail[] = [];
  (draft.targets ?? []).forEach((target, index) => {
    if (target.type === 'search') return;
    const url = target.type === 'crawl' ? target.url : target.urls[0];
    const request = validateScrapeRequest({ ...target.scrapeOptions, url });
    const crawl = target.type === 'crawl' ? monitorCrawlRequest(target) : undefined;
    // A crawl target's pages are zero data retention by its crawlOptions too.
    const pages = (crawl ? crawl.ok && crawl.value.scrapeRequest : request.ok && request.value) || undefined;
    if (pages?.zeroDataRetention) {
      const option = pages.lockdown ? 'lockdown' : 'zeroDataRetention';
      retained.push({ path: [`targets[${index}]`], message: `${option}: ${KEPT_PAGES}` });
    }
    // Every check must crawl alike: a target takes options, which /v2/crawl/params-preview derives from a prompt.
    if (crawl?.ok && crawl.value.prompt)
      missing.add(`targets[${index}].crawlOptions.prompt (send the options /v2/crawl/params-preview gives)`);
    if (request.ok) {
      for (const feature of unavailableFeatures(request.value, availableFeatures(config))) {
        missing.add(`targets[${index}].scrapeOptions.${feature}`);
      }
    }
  });
  if (retained.length > 0) {
    throw new TrawlError(
      'BAD_REQUEST',
      `A monitor cannot use zero data retention or lockdown: ${KEPT_PAGES}`,
      retained,
    );
  }
  if (draft.notification?.email?.enabled && !config.smtpUrl)
    missing.add('notification.email (no SMTP_URL configured)');
  refuseUnavailable([...missing]);
}

/**
 * Delivered once the check finished and every call, the completion one included, got a 2xx. After
 * a redelivery, its calls alone decide: they are the check's webhooks sent again.
 */
function webhookStatus(all: WebhookDeliveryRecord[], finished: boolean): 'failed' | 'delivered' | 'pending' {
  const latest = all.reduce<string | undefined>(
    (newest, d) => (d.redeliveryId && (!newest || d.redeliveryId > newest) ? d.redeliveryId : newest),
    undefined,
  );
  const webhooks = latest ? all.filter((d) => d.redeliveryId === latest) : all;
  if (webhooks.some((d) => d.status === 'failed')) return 'failed';
  const done =
    finished &&
    webhooks.every((d) => d.status === 'delivered') &&
    webhooks.some((d) => d.event === 'monitor.check.completed');
  return done ? 'delivered' : 'pending';
}

const now = () => new Date().toISOString();
