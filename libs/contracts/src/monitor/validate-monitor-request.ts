import type { ErrorDetail } from '../errors/index.js';
import {
  invalidRequest,
  normaliseUrl,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';
import { requestDto } from '../validation/request-dto.js';
import {
  MONITOR_DEFAULTS,
  type MonitorNotification,
  type MonitorSpec,
  type MonitorTarget,
  type MonitorWebhook,
  type MonitorWebhookEvent,
} from './monitor.js';
import {
  CreateMonitorDto,
  type NotificationDto,
  type ScheduleDto,
  type TargetDto,
  UpdateMonitorDto,
  type WebhookDto,
} from './monitor-request.dto.js';
import { crawlOptionsIssues } from './monitor-targets.js';

/** A monitor body after validation; the schedule is still as written (the domain normalises it). */
export type MonitorDraft = Omit<MonitorSpec, 'schedule'> & { schedule: ScheduleDto };
export type MonitorPatchDraft = Partial<MonitorDraft> & { status?: 'active' | 'paused' };

/** Which fields each target type accepts besides `type` and `id`. */
const TARGET_FIELDS: Record<TargetDto['type'], readonly string[]> = {
  scrape: ['url', 'urls', 'scrapeOptions'],
  crawl: ['url', 'crawlOptions', 'scrapeOptions'],
  search: ['queries', 'searchWindow', 'includeDomains', 'excludeDomains', 'maxResults'],
};

/** `POST /v2/monitor`: every write rule of API-NOTES.md; target ids are assigned by `newId`. */
export function validateCreateMonitor(body: unknown, newId: () => string): Validated<MonitorDraft> {
  const parsed = requestDto(CreateMonitorDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  const issues: ErrorDetail[] = [];
  const goal = normaliseGoal(dto.goal);
  const judgeEnabled = dto.judgeEnabled ?? goal !== null;
  const targets = dto.targets.map((target, index) => normaliseTarget(target, index, newId, issues));
  issues.push(...judgingIssues(goal, dto.judgeEnabled, targets));
  const webhook = dto.webhook ? normaliseWebhook(dto.webhook, issues) : null;
  const notification = dto.notification ? normaliseNotification(dto.notification, issues) : null;
  if (issues.length > 0) return invalidRequest(issues);
  return {
    ok: true,
    value: {
      name: dto.name.trim(),
      schedule: { cron: dto.schedule.cron, text: dto.schedule.text, timezone: dto.schedule.timezone },
      targets,
      webhook,
      notification,
      retentionDays: dto.retentionDays ?? MONITOR_DEFAULTS.retentionDays,
      goal,
      judgeEnabled,
    },
  };
}

/**
 * `PATCH /v2/monitor/{id}`: at least one field; `status` may come with other fields. Rules that
 * depend on the stored monitor (judging needs a goal) are checked by the domain.
 */
export function validateUpdateMonitor(body: unknown, newId: () => string): Validated<MonitorPatchDraft> {
  const parsed = requestDto(UpdateMonitorDto, body);
  if (!parsed.ok) return parsed;
  const dto = parsed.value;
  const given = Object.keys(body as object).filter((key) => key !== 'origin');
  if (given.length === 0) {
    return invalidRequest([{ path: [], message: 'An update needs at least one field to change' }]);
  }
  const issues: ErrorDetail[] = [];
  const patch: MonitorPatchDraft = {};
  if (dto.name !== undefined) patch.name = dto.name.trim();
  if (dto.status !== undefined) patch.status = dto.status;
  if (dto.schedule !== undefined) patch.schedule = dto.schedule;
  if (dto.targets !== undefined)
    patch.targets = dto.targets.map((target, index) => normaliseTarget(target, index, newId, issues));
  if (given.includes('webhook')) patch.webhook = dto.webhook ? normaliseWebhook(dto.webhook, issues) : null;
  if (given.includes('notification'))
    patch.notification = dto.notification ? normaliseNotification(dto.notification, issues) : null;
  if (dto.retentionDays !== undefined) patch.retentionDays = dto.retentionDays;
  if (given.includes('goal')) patch.goal = normaliseGoal(dto.goal);
  if (dto.judgeEnabled !== undefined) patch.judgeEnabled = dto.judgeEnabled;
  if (issues.length > 0) return invalidRequest(issues);
  return { ok: true, value: patch };
}

/**
 * Judging needs a goal; a search target needs one unless judging is explicitly off
 * (`judgeEnabled` undefined = omitted).
 */
export function judgingIssues(
  goal: string | null,
  judgeEnabled: boolean | undefined,
  targets: readonly MonitorTarget[],
): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  if (judgeEnabled === true && goal === null) {
    issues.push({ path: ['goal'], message: 'judgeEnabled needs a non-empty goal' });
  }
  targets.forEach((target, index) => {
    if (target.type === 'search' && goal === null && judgeEnabled !== false) {
      issues.push({
        path: ['targets', index],
        message: 'a search target needs a goal unless judgeEnabled is false',
      });
    }
  });
  return issues;
}

function normaliseGoal(goal: string | null | undefined): string | null {
  const trimmed = goal?.trim();
  return trimmed ? trimmed : null;
}

function normaliseTarget(
  dto: TargetDto,
  index: number,
  newId: () => string,
  issues: ErrorDetail[],
): MonitorTarget {
  const path = ['targets', index];
  for (const [field, value] of Object.entries(dto)) {
    if (
      value !== undefined &&
      field !== 'type' &&
      field !== 'id' &&
      !TARGET_FIELDS[dto.type].includes(field)
    ) {
      issues.push({ path: [...path, field], message: `${field} is not allowed in a ${dto.type} target` });
    }
  }
  const id = dto.id ?? newId();
  switch (dto.type) {
    case 'scrape': {
      if ((dto.url === undefined) === (dto.urls === undefined)) {
        issues.push({ path, message: 'a scrape target needs exactly one of url or urls' });
        return { id, type: 'scrape', urls: [] };
      }
      const urls = (dto.urls ?? [dto.url as string]).map((raw, i) => {
        const url = normaliseUrl(raw);
        if (!url)
          issues.push({
            path: [...path, dto.urls ? 'urls' : 'url', ...(dto.urls ? [i] : [])],
            message: `"${raw}" is not a valid http or https URL`,
          });
        return url ?? raw;
      });
      if (new Set(urls).size !== urls.length)
        issues.push({ path: [...path, 'urls'], message: 'urls must be unique' });
      issues.push(...scrapeOptionsIssues(dto.scrapeOptions, urls[0] ?? 'http://example.com', path));
      return { id, type: 'scrape', urls, ...(dto.scrapeOptions ? { scrapeOptions: dto.scrapeOptions } : {}) };
    }
    case 'crawl': {
      const url = dto.url === undefined ? undefined : normaliseUrl(dto.url);
      if (!url)
        issues.push({ path: [...path, 'url'], message: 'a crawl target needs a valid http or https url' });
      issues.push(...scrapeOptionsIssues(dto.scrapeOptions, url ?? 'http://example.com', path));
      if (url) issues.push(...crawlOptionsIssues({ url, crawlOptions: dto.crawlOptions }, path));
      return {
        id,
        type: 'crawl',
        url: url ?? '',
        ...(dto.crawlOptions ? { crawlOptions: dto.crawlOptions } : {}),
        ...(dto.scrapeOptions ? { scrapeOptions: dto.scrapeOptions } : {}),
      };
    }
    case 'search':
      if (!dto.queries)
        issues.push({ path: [...path, 'queries'], message: 'a search target needs 1 to 12 queries' });
      return {
        id,
        type: 'search',
        queries: dto.queries ?? [],
        searchWindow: dto.searchWindow ?? '24h',
        maxResults: dto.maxResults ?? 10,
        ...(dto.includeDomains ? { includeDomains: dto.includeDomains } : {}),
        ...(dto.excludeDomains ? { excludeDomains: dto.excludeDomains } : {}),
      };
  }
}

/** A target's scrapeOptions are the options of `POST /v2/scrape`, without `url`. */
function scrapeOptionsIssues(
  options: Record<string, unknown> | undefined,
  url: string,
  path: (string | number)[],
) {
  if (!options) return [];
  if ('url' in options)
    return [{ path: [...path, 'scrapeOptions', 'url'], message: 'scrapeOptions must not contain url' }];
  const result = validateScrapeRequest({ ...options, url });
  return result.ok
    ? []
    : result.details.map((d) => ({ path: [...path, 'scrapeOptions', ...d.path], message: d.message }));
}

function normaliseWebhook(dto: WebhookDto, issues: ErrorDetail[]): MonitorWebhook {
  const url = normaliseUrl(dto.url);
  if (!url || !/^https?:\/\//i.test(dto.url.trim()))
    issues.push({ path: ['webhook', 'url'], message: 'webhook.url must be an http or https URL' });
  for (const field of ['headers', 'metadata'] as const) {
    for (const [name, value] of Object.entries(dto[field] ?? {})) {
      if (typeof value !== 'string')
        issues.push({ path: ['webhook', field, name], message: `webhook ${field} values must be strings` });
    }
  }
  const events = dto.events?.map(
    (name) => (name.startsWith('monitor.') ? name : `monitor.${name}`) as MonitorWebhookEvent,
  );
  return {
    url: url ?? dto.url,
    ...(dto.headers ? { headers: dto.headers } : {}),
    ...(dto.metadata ? { metadata: dto.metadata } : {}),
    ...(events ? { events: [...new Set(events)] } : {}),
  };
}

function normaliseNotification(dto: NotificationDto, issues: ErrorDetail[]): MonitorNotification {
  if (!dto.email) return {};
  const email = {
    enabled: dto.email.enabled ?? false,
    recipients: dto.email.recipients ?? [],
    includeDiffs: dto.email.includeDiffs ?? false,
  };
  if (email.enabled && email.recipients.length === 0) {
    issues.push({
      path: ['notification', 'email', 'recipients'],
      message: 'e-mail notifications need at least one recipient',
    });
  }
  return { email };
}
