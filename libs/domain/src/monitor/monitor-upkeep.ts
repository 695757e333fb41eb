import {
  type CheckPage,
  type CheckStarted,
  type CompleteStuckCheck,
  type ExpireChecks,
  type MonitorEvent,
  type MonitorStateSnapshot,
  type PageChecked,
  pageKey,
  type RecordedEvent,
  type RedeliverCheckWebhooks,
} from '#contracts';
import { DomainError } from '../decider/decider.js';
import {
  checkedPagesCredits,
  checkStatus,
  type LiveMonitor,
  notifyOf,
  summarise,
} from './monitor.decider.js';

/**
 * The watchdog's command: a check past its bound is completed, once (the aggregate only completes
 * its running check, and concurrent watchdogs lose on the expected revision), every page that never
 * reported recorded as `error`.
 */
export function decideStuckCheck(state: LiveMonitor, command: CompleteStuckCheck): MonitorEvent[] {
  const { checkId, reason, at } = command.data;
  const running = state.running;
  if (running?.checkId !== checkId) return [];
  const missing: CheckPage[] = expectedPages(running.targets)
    .filter(({ targetId, url }) => !running.pages[pageKey(targetId, url)])
    .map(({ targetId, url }, index) => ({
      id: `${checkId}-unreported-${index}`,
      targetId,
      url,
      status: 'error',
      previousScrapeId: null,
      currentScrapeId: null,
      statusCode: null,
      error: `The page never reported: ${reason}`,
      metadata: null,
      diff: null,
      snapshot: null,
      judgment: null,
      createdAt: at,
    }));
  const notify = notifyOf(state.spec);
  const pageEvents: PageChecked[] = missing.map((page) => ({
    type: 'PageChecked',
    data: { monitorId: state.monitorId, teamId: state.teamId, checkId, page, snapshot: null, notify },
  }));
  const pages = [...Object.values(running.pages), ...missing];
  const summary = summarise(pages);
  return [
    ...pageEvents,
    {
      type: 'CheckCompleted',
      data: {
        monitorId: state.monitorId,
        teamId: state.teamId,
        checkId,
        status: checkStatus(summary),
        summary,
        actualCredits: checkedPagesCredits(pages, running.targets),
        error: `Completed by the watchdog: ${reason}`,
        finishedAt: at,
        notify,
      },
    },
  ];
}

/** The pages a check of these targets scrapes: every URL of every scrape target. */
function expectedPages(targets: CheckStarted['data']['targets']): { targetId: string; url: string }[] {
  return targets.flatMap((target) =>
    target.type === 'scrape' ? target.urls.map((url) => ({ targetId: target.id, url })) : [],
  );
}

/**
 * Retention: the checks go with the pages' scrapes, except scrapes a page still compares with.
 * The event carries the monitor's state, because the stream is truncated up to the oldest kept check.
 */
export function decideExpireChecks(state: LiveMonitor, command: ExpireChecks): MonitorEvent[] {
  const { checkIds, scrapeIds, history, at } = command.data;
  if (checkIds.length === 0) return [];
  const baselines = new Set(Object.values(state.baselines).map((baseline) => baseline.scrapeId));
  return [
    {
      type: 'ChecksExpired',
      data: {
        monitorId: state.monitorId,
        teamId: state.teamId,
        checkIds,
        scrapeIds: scrapeIds.filter((scrapeId) => !baselines.has(scrapeId)),
        retentionDays: state.spec.retentionDays,
        expiredAt: at,
        monitor: {
          status: state.status,
          spec: state.spec,
          nextRunAt: state.nextRunAt,
          baselines: state.baselines,
          running: state.running,
          ...history,
        },
      },
    },
  ];
}

/** The monitor a ChecksExpired event describes: folding starts again from it. */
export function monitorFromSnapshot(
  monitorId: string,
  teamId: string,
  snapshot: MonitorStateSnapshot,
): LiveMonitor {
  const { status, spec, nextRunAt, baselines, running } = snapshot;
  return { status, monitorId, teamId, spec, nextRunAt, baselines, running };
}

export function decideRedelivery(state: LiveMonitor, command: RedeliverCheckWebhooks): MonitorEvent[] {
  const { checkId, at } = command.data;
  const webhook = state.spec.webhook;
  if (!webhook)
    throw new DomainError(
      'MONITOR_WEBHOOK_NOT_CONFIGURED',
      `Monitor ${state.monitorId} has no webhook to redeliver to`,
    );
  if (state.running?.checkId === checkId)
    throw new DomainError(
      'MONITOR_CHECK_RUNNING',
      `Check ${checkId} is still running; its webhooks are on their way`,
    );
  return [
    {
      type: 'CheckWebhooksRedeliveryRequested',
      data: {
        monitorId: state.monitorId,
        teamId: state.teamId,
        checkId,
        webhook,
        notify: notifyOf(state.spec),
        requestedAt: at,
      },
    },
  ];
}

/** What retention drops from a monitor stream, planned from its events. */
export interface RetentionPlan {
  checkIds: string[];
  scrapeIds: string[];
  /** The first revision to keep: the oldest kept check's first event; undefined when no check is kept. */
  keepFromRevision: number | undefined;
}

/**
 * Pure: the finished checks of a monitor stream created before `cutoff`, the scrapes of their
 * pages (and those an earlier expiry kept as baselines), and where the stream can be cut. A check
 * is dated by its start (or skip); the running check is always kept.
 */
export function retentionPlan(events: readonly RecordedEvent[], cutoff: string): RetentionPlan {
  const checks = new Map<
    string,
    { firstRevision: number; createdAt: string; finished: boolean; scrapeIds: string[] }
  >();
  // Scrapes the last expiry kept only because they were baselines then: their checks are gone, so
  // nothing else would ever drop them once a newer check replaces them.
  let keptBaselines: string[] = [];
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
    switch (event.type) {
      case 'ChecksExpired':
        keptBaselines = Object.values(event.data.monitor.baselines).map((baseline) => baseline.scrapeId);
        break;
      case 'CheckStarted':
        checks.set(event.data.checkId, {
          firstRevision: recorded.revision,
          createdAt: event.data.startedAt,
          finished: false,
          scrapeIds: [],
        });
        break;
      case 'CheckSkipped':
        checks.set(event.data.checkId, {
          firstRevision: recorded.revision,
          createdAt: event.data.skippedAt,
          finished: true,
          scrapeIds: [],
        });
        break;
      case 'PageChecked': {
        const scrapeId = event.data.page.currentScrapeId;
        if (scrapeId) checks.get(event.data.checkId)?.scrapeIds.push(scrapeId);
        break;
      }
      case 'CheckCompleted': {
        const check = checks.get(event.data.checkId);
        if (check) check.finished = true;
        break;
      }
    }
  }
  const expired = [...checks].filter(([, check]) => check.finished && check.createdAt < cutoff);
  const kept = [...checks.values()].filter((check) => !(check.finished && check.createdAt < cutoff));
  const keptChecksScrapes = new Set(kept.flatMap((check) => check.scrapeIds));
  const formerBaselines = keptBaselines.filter((scrapeId) => !keptChecksScrapes.has(scrapeId));
  return {
    checkIds: expired.map(([checkId]) => checkId),
    scrapeIds: [...new Set([...expired.flatMap(([, check]) => check.scrapeIds), ...formerBaselines])],
    keepFromRevision: kept.length > 0 ? Math.min(...kept.map((check) => check.firstRevision)) : undefined,
  };
}
