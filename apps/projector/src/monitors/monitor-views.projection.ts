import {
  type CheckPage,
  type ChecksExpired,
  type CheckView,
  emptySummary,
  type MonitorEvent,
  type MonitorView,
  type RecordedEvent,
} from '#contracts';
import { creditsPerCheck, describeSchedule, notificationsDue, runsPerMonth } from '#domain';
import { startedTargetResults, withCheckedPage } from './target-results.js';

/** A read-model document and the stream revision it reflects (events at or below it are skipped). */
export type Versioned<View> = View & { teamId: string; revision: number };

export type StoredMonitor = Versioned<MonitorView>;
export type StoredCheck = Versioned<CheckView>;

const asMonitorEvent = (event: RecordedEvent) => ({ type: event.type, data: event.data }) as MonitorEvent;

/**
 * Pure: the monitor document after `event`; `null` deletes it, `undefined` leaves it unchanged.
 * Idempotent: an event at or below the document's revision (a redelivery, a replay) changes nothing.
 */
export function evolveMonitorView(
  current: StoredMonitor | undefined,
  recorded: RecordedEvent,
): StoredMonitor | null | undefined {
  const event = asMonitorEvent(recorded);
  const revision = recorded.revision;
  if (event.type === 'MonitorCreated') {
    if (current) return undefined;
    const { monitorId, teamId, spec, nextRunAt, createdAt } = event.data;
    return withEstimate({
      ...spec,
      id: monitorId,
      teamId,
      revision,
      status: 'active',
      schedule: { ...spec.schedule, description: describeSchedule(spec.schedule) },
      nextRunAt,
      lastRunAt: null,
      currentCheckId: null,
      estimatedCreditsPerMonth: 0,
      lastCheckSummary: null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  if (event.type === 'ChecksExpired' && !current) return monitorViewOfSnapshot(event.data, revision);
  if (!current || revision <= current.revision) return undefined;
  const at = recorded.createdAt;
  const next = { ...current, revision, updatedAt: at };
  switch (event.type) {
    case 'MonitorUpdated': {
      const { schedule, ...changes } = event.data.changes;
      return withEstimate({
        ...next,
        ...changes,
        ...(schedule ? { schedule: { ...schedule, description: describeSchedule(schedule) } } : {}),
        nextRunAt: event.data.nextRunAt,
        updatedAt: event.data.updatedAt,
      });
    }
    case 'MonitorPaused':
      return { ...next, status: 'paused', nextRunAt: null };
    case 'MonitorResumed':
      return { ...next, status: 'active', nextRunAt: event.data.nextRunAt };
    case 'MonitorDeleted':
      return null;
    case 'CheckStarted':
      return {
        ...next,
        currentCheckId: event.data.checkId,
        lastRunAt: event.data.startedAt,
        nextRunAt: event.data.nextRunAt,
      };
    case 'CheckSkipped':
      return { ...next, nextRunAt: event.data.nextRunAt };
    case 'PageChecked':
      return { ...current, revision };
    case 'ChecksExpired':
      return { ...current, revision };
    case 'CheckCompleted':
      return {
        ...next,
        lastCheckSummary: event.data.summary,
        currentCheckId: current.currentCheckId === event.data.checkId ? null : current.currentCheckId,
      };
    default:
      return undefined;
  }
}

/** Pure: the check document after `event` (only check events touch checks). */
export function evolveCheckView(
  current: StoredCheck | undefined,
  recorded: RecordedEvent,
): StoredCheck | undefined {
  const event = asMonitorEvent(recorded);
  const revision = recorded.revision;
  const at = recorded.createdAt;
  switch (event.type) {
    case 'CheckStarted': {
      if (current) return undefined;
      const d = event.data;
      return {
        id: d.checkId,
        monitorId: d.monitorId,
        teamId: d.teamId,
        revision,
        status: 'running',
        trigger: d.trigger,
        scheduledFor: d.scheduledFor,
        startedAt: d.startedAt,
        finishedAt: null,
        estimatedCredits: d.estimatedCredits,
        actualCredits: null,
        billingStatus: 'not_applicable',
        summary: emptySummary(),
        targetResults: startedTargetResults(d.checkId, d.targets),
        notificationStatus: { webhook: 'not_configured', email: 'not_configured' },
        error: null,
        createdAt: d.startedAt,
        updatedAt: d.startedAt,
      };
    }
    case 'CheckSkipped': {
      if (current) return undefined;
      const d = event.data;
      return {
        id: d.checkId,
        monitorId: d.monitorId,
        teamId: d.teamId,
        revision,
        status: 'skipped_overlap',
        trigger: 'scheduled',
        scheduledFor: d.scheduledFor,
        startedAt: null,
        finishedAt: d.skippedAt,
        estimatedCredits: 0,
        actualCredits: 0,
        billingStatus: 'not_applicable',
        summary: emptySummary(),
        targetResults: [],
        notificationStatus: { webhook: 'not_configured', email: 'not_configured' },
        error: `The previous check ${d.runningCheckId} was still running`,
        createdAt: d.skippedAt,
        updatedAt: d.skippedAt,
      };
    }
    case 'PageChecked': {
      if (!current || revision <= current.revision) return undefined;
      const summary = { ...current.summary };
      summary.totalPages++;
      summary[event.data.page.status]++;
      const targetResults = withCheckedPage(current.targetResults, event.data.page);
      return { ...current, revision, summary, targetResults, updatedAt: at };
    }
    case 'CheckCompleted': {
      if (!current || revision <= current.revision) return undefined;
      const d = event.data;
      return {
        ...current,
        revision,
        status: d.status,
        summary: d.summary,
        actualCredits: d.actualCredits,
        finishedAt: d.finishedAt,
        error: d.error,
        notificationStatus: notificationsDue(d.notify),
        updatedAt: d.finishedAt,
      };
    }
    default:
      return undefined;
  }
}

/** The page a PageChecked event records, as the check detail lists it. */
export function checkedPage(recorded: RecordedEvent): CheckPage | undefined {
  const event = asMonitorEvent(recorded);
  return event.type === 'PageChecked' ? event.data.page : undefined;
}

function withEstimate(view: StoredMonitor): StoredMonitor {
  const perCheck = creditsPerCheck(view.targets);
  return { ...view, estimatedCreditsPerMonth: perCheck * runsPerMonth(view.schedule, view.updatedAt) };
}

/**
 * A rebuild from the store after retention truncated the stream starts at ChecksExpired: the
 * monitor's document comes from the state the event carries.
 */
function monitorViewOfSnapshot(expired: ChecksExpired['data'], revision: number): StoredMonitor {
  const { monitor } = expired;
  return withEstimate({
    ...monitor.spec,
    id: expired.monitorId,
    teamId: expired.teamId,
    revision,
    status: monitor.status,
    schedule: { ...monitor.spec.schedule, description: describeSchedule(monitor.spec.schedule) },
    nextRunAt: monitor.nextRunAt,
    lastRunAt: monitor.lastRunAt,
    currentCheckId: monitor.running?.checkId ?? null,
    estimatedCreditsPerMonth: 0,
    lastCheckSummary: monitor.lastCheckSummary,
    createdAt: monitor.createdAt,
    updatedAt: expired.expiredAt,
  });
}
