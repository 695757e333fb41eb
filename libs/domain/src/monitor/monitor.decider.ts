import {
  apiKeyOf,
  type CheckNotify,
  type CheckPage,
  type CheckSummary,
  CRAWL_DEFAULTS,
  emptySummary,
  judgingIssues,
  type MonitorCommand,
  type MonitorEvent,
  type MonitorSpec,
  type MonitorTarget,
  monitorScrapeOptions,
  type PageSnapshot,
  pageKey,
  validateScrapeRequest,
} from '#contracts';
import { CREDIT_PRICES, pageCredits } from '../credits/pricing.js';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';
import {
  decideExpireChecks,
  decideRedelivery,
  decideStuckCheck,
  monitorFromSnapshot,
} from './monitor-upkeep.js';
import { nextRunAt } from './schedule/schedule.js';

interface RunningCheck {
  checkId: string;
  startedAt: string;
  /** The targets it scrapes, as they were when it started. */
  targets: MonitorTarget[];
  /** Pages recorded so far, by page key. */
  pages: Record<string, CheckPage>;
}

export interface LiveMonitor {
  status: 'active' | 'paused';
  monitorId: string;
  teamId: string;
  /** The key that created it: its checks are that key's usage. */
  apiKeyId?: string;
  spec: MonitorSpec;
  nextRunAt: string | null;
  /** The newest snapshot of every page key: what its next check compares with. */
  baselines: Record<string, PageSnapshot>;
  running: RunningCheck | null;
}

export type MonitorState =
  | { status: 'initial' }
  | { status: 'deleted'; monitorId: string; teamId: string }
  | LiveMonitor;

/** Credits one check costs at most: every page of every target, each priced as its scrape is. */
export function creditsPerCheck(targets: readonly MonitorTarget[]): number {
  return targets.reduce((sum, target) => sum + targetPages(target) * targetPageCredits(target), 0);
}

/** Credits the pages a check scraped cost, each priced by its target's scrape options. */
export function checkedPagesCredits(pages: readonly CheckPage[], targets: readonly MonitorTarget[]): number {
  const byTarget = new Map(targets.map((target) => [target.id, targetPageCredits(target)]));
  return pages
    .filter((page) => page.currentScrapeId !== null)
    .reduce((sum, page) => sum + (byTarget.get(page.targetId) ?? 1), 0);
}

/** What one page of a target costs: a scrape with the target's options (a search result's: a plain scrape). */
function targetPageCredits(target: MonitorTarget): number {
  if (target.type === 'search') return CREDIT_PRICES.scrape;
  const request = validateScrapeRequest({
    ...monitorScrapeOptions(target.scrapeOptions),
    url: 'http://page.test',
  });
  return request.ok ? pageCredits(request.value) : CREDIT_PRICES.scrape;
}

/** At most: a crawl target's limit, a search target's maxResults. */
function targetPages(target: MonitorTarget): number {
  if (target.type === 'scrape') return target.urls.length;
  if (target.type === 'search') return target.maxResults;
  return Number(target.crawlOptions?.limit ?? CRAWL_DEFAULTS.limit);
}

/**
 * A monitor and its checks. The scheduler's command names the slot it starts (`scheduledFor`):
 * once that slot has started, `nextRunAt` has moved on and the same command decides nothing, so
 * several schedulers racing on one monitor start each slot once (the losers' appends fail on the
 * expected revision, they reload and decide []).
 */
export const monitorDecider: Decider<MonitorState, MonitorCommand, MonitorEvent> = {
  initialState: () => ({ status: 'initial' }),

  evolve(state, event) {
    switch (event.type) {
      case 'MonitorCreated':
        return {
          status: 'active',
          monitorId: event.data.monitorId,
          teamId: event.data.teamId,
          ...apiKeyOf(event.data),
          spec: event.data.spec,
          nextRunAt: event.data.nextRunAt,
          baselines: {},
          running: null,
        };
      case 'MonitorUpdated':
        return live(state)
          ? { ...state, spec: { ...state.spec, ...event.data.changes }, nextRunAt: event.data.nextRunAt }
          : state;
      case 'MonitorPaused':
        return live(state) ? { ...state, status: 'paused', nextRunAt: null } : state;
      case 'MonitorResumed':
        return live(state) ? { ...state, status: 'active', nextRunAt: event.data.nextRunAt } : state;
      case 'MonitorDeleted':
        return state.status === 'initial'
          ? state
          : { status: 'deleted', monitorId: state.monitorId, teamId: state.teamId };
      case 'CheckStarted':
        return live(state)
          ? {
              ...state,
              nextRunAt: event.data.nextRunAt,
              running: {
                checkId: event.data.checkId,
                startedAt: event.data.startedAt,
                targets: event.data.targets,
                pages: {},
              },
            }
          : state;
      case 'CheckSkipped':
        return live(state) ? { ...state, nextRunAt: event.data.nextRunAt } : state;
      case 'PageChecked': {
        if (!live(state) || state.running?.checkId !== event.data.checkId) return state;
        const key = pageKey(event.data.page.targetId, event.data.page.url);
        return {
          ...state,
          running: { ...state.running, pages: { ...state.running.pages, [key]: event.data.page } },
          baselines: event.data.snapshot
            ? { ...state.baselines, [key]: event.data.snapshot }
            : afterRemoval(state.baselines, key, event.data.page),
        };
      }
      case 'CheckCompleted':
        return live(state) && state.running?.checkId === event.data.checkId
          ? { ...state, running: null }
          : state;
      case 'ChecksExpired':
        return monitorFromSnapshot(event.data.monitorId, event.data.teamId, event.data.monitor);
      case 'CheckWebhooksRedeliveryRequested':
        return state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateMonitor': {
        if (state.status !== 'initial') {
          throw new DomainError('MONITOR_ALREADY_EXISTS', `Monitor ${command.data.monitorId} already exists`);
        }
        const { monitorId, teamId, spec, at } = command.data;
        requireJudgingGoal(spec);
        return [
          {
            type: 'MonitorCreated',
            data: {
              monitorId,
              teamId,
              spec,
              nextRunAt: nextRunAt(spec.schedule, at),
              createdAt: at,
              ...apiKeyOf(command.data),
            },
          },
        ];
      }
      case 'UpdateMonitor': {
        const monitor = requireMonitor(state, command.data.monitorId, command.data.teamId);
        const { monitorId, teamId, status, at } = command.data;
        const changes = withJudgingDefault(monitor.spec, command.data.changes);
        const spec = { ...monitor.spec, ...changes };
        requireJudgingGoal(spec);
        const events: MonitorEvent[] = [];
        const finalStatus = status ?? monitor.status;
        if (Object.keys(changes).length > 0) {
          const next =
            finalStatus === 'paused'
              ? null
              : changes.schedule
                ? nextRunAt(spec.schedule, at)
                : monitor.nextRunAt;
          events.push({
            type: 'MonitorUpdated',
            data: { monitorId, teamId, changes, nextRunAt: next, updatedAt: at },
          });
        }
        if (status === 'paused' && monitor.status === 'active') {
          events.push({ type: 'MonitorPaused', data: { monitorId, teamId, pausedAt: at } });
        }
        if (status === 'active' && monitor.status === 'paused') {
          events.push({
            type: 'MonitorResumed',
            data: { monitorId, teamId, nextRunAt: nextRunAt(spec.schedule, at), resumedAt: at },
          });
        }
        return events;
      }
      case 'DeleteMonitor': {
        const monitor = requireMonitor(state, command.data.monitorId, command.data.teamId);
        return [
          {
            type: 'MonitorDeleted',
            data: { monitorId: monitor.monitorId, teamId: monitor.teamId, deletedAt: command.data.at },
          },
        ];
      }
      case 'RunMonitor': {
        const monitor = requireMonitor(state, command.data.monitorId, command.data.teamId);
        if (monitor.status === 'paused') {
          throw new DomainError(
            'MONITOR_PAUSED',
            `Monitor ${monitor.monitorId} is paused; resume it to run checks`,
          );
        }
        if (monitor.running) {
          throw new DomainError(
            'MONITOR_CHECK_RUNNING',
            `Monitor ${monitor.monitorId} is already running check ${monitor.running.checkId}`,
          );
        }
        return [
          checkStarted(monitor, command.data.checkId, 'manual', null, command.data.at, monitor.nextRunAt),
        ];
      }
      case 'StartScheduledCheck': {
        const { checkId, scheduledFor, at } = command.data;
        if (!live(state) || state.status !== 'active') return [];
        // Another scheduler started (or skipped) this slot already, or it is not due yet.
        if (state.nextRunAt !== scheduledFor || scheduledFor > at) return [];
        // A check due while the service was down runs once: the next slot is the first one after now.
        const next = nextRunAt(state.spec.schedule, at);
        if (state.running) {
          return [
            {
              type: 'CheckSkipped',
              data: {
                monitorId: state.monitorId,
                teamId: state.teamId,
                checkId,
                reason: 'skipped_overlap',
                runningCheckId: state.running.checkId,
                scheduledFor,
                skippedAt: at,
                nextRunAt: next,
              },
            },
          ];
        }
        return [checkStarted(state, checkId, 'scheduled', scheduledFor, at, next)];
      }
      case 'RecordPageChecked': {
        const { checkId, page, snapshot } = command.data;
        if (!live(state) || state.running?.checkId !== checkId) return [];
        if (state.running.pages[pageKey(page.targetId, page.url)]) return [];
        return [
          {
            type: 'PageChecked',
            data: {
              monitorId: state.monitorId,
              teamId: state.teamId,
              checkId,
              page,
              snapshot,
              notify: notifyOf(state.spec),
            },
          },
        ];
      }
      case 'CompleteCheck': {
        const { checkId, error, at } = command.data;
        if (!live(state) || state.running?.checkId !== checkId) return [];
        const pages = Object.values(state.running.pages);
        const summary = summarise(pages);
        return [
          {
            type: 'CheckCompleted',
            data: {
              monitorId: state.monitorId,
              teamId: state.teamId,
              checkId,
              status: checkStatus(summary, error),
              summary,
              actualCredits: checkedPagesCredits(pages, state.running.targets),
              error: error ?? null,
              finishedAt: at,
              notify: notifyOf(state.spec),
            },
          },
        ];
      }
      case 'CompleteStuckCheck':
        return live(state) ? decideStuckCheck(state, command) : [];
      case 'ExpireChecks':
        return live(state) ? decideExpireChecks(state, command) : [];
      case 'RedeliverCheckWebhooks':
        return decideRedelivery(requireMonitor(state, command.data.monitorId, command.data.teamId), command);
      default:
        return assertNever(command);
    }
  },
};

/**
 * A removed page is reported once. A crawl target's page that its crawl no longer reaches is then
 * forgotten (also one the crawl reached when it was removed, once the crawl stops reaching it); any
 * other keeps its last content, marked removed, so that while it stays gone it is no news and its
 * return is.
 */
function afterRemoval(baselines: Record<string, PageSnapshot>, key: string, page: CheckPage) {
  const baseline = baselines[key];
  const stillGone = page.status === 'same' && baseline?.removedAt !== undefined;
  if (!baseline || (page.status !== 'removed' && !stillGone)) return baselines;
  if (page.visibility === 'hidden') {
    const { [key]: _gone, ...kept } = baselines;
    return kept;
  }
  return stillGone ? baselines : { ...baselines, [key]: { ...baseline, removedAt: page.createdAt } };
}

export function summarise(pages: readonly Pick<CheckPage, 'status'>[]): CheckSummary {
  const summary = emptySummary();
  for (const page of pages) {
    summary.totalPages++;
    summary[page.status]++;
  }
  return summary;
}

/** `failed` when the check itself failed or every page errored; `partial` when some did. */
export function checkStatus(summary: CheckSummary, error?: string): 'completed' | 'partial' | 'failed' {
  if (error !== undefined || (summary.totalPages > 0 && summary.error === summary.totalPages))
    return 'failed';
  return summary.error > 0 ? 'partial' : 'completed';
}

function checkStarted(
  monitor: LiveMonitor,
  checkId: string,
  trigger: 'scheduled' | 'manual',
  scheduledFor: string | null,
  at: string,
  next: string | null,
): MonitorEvent {
  return {
    type: 'CheckStarted',
    data: {
      monitorId: monitor.monitorId,
      teamId: monitor.teamId,
      checkId,
      trigger,
      scheduledFor,
      startedAt: at,
      nextRunAt: next,
      targets: monitor.spec.targets,
      baselines: monitor.baselines,
      goal: monitor.spec.goal,
      judgeEnabled: monitor.spec.judgeEnabled,
      estimatedCredits: creditsPerCheck(monitor.spec.targets),
      ...apiKeyOf(monitor),
    },
  };
}

/** A goal set with `judgeEnabled` omitted turns judging on; removing the goal turns it off. */
function withJudgingDefault(spec: MonitorSpec, changes: Partial<MonitorSpec>): Partial<MonitorSpec> {
  if (changes.judgeEnabled !== undefined || changes.goal === undefined || changes.goal === spec.goal)
    return changes;
  return { ...changes, judgeEnabled: changes.goal !== null };
}

function requireJudgingGoal(spec: MonitorSpec) {
  const issue = judgingIssues(spec.goal, spec.judgeEnabled, [])[0];
  if (issue) throw new DomainError('BAD_REQUEST', issue.message);
}

export const notifyOf = (spec: MonitorSpec): CheckNotify => ({
  monitorName: spec.name,
  webhook: spec.webhook,
  notification: spec.notification,
});

function live(state: MonitorState): state is LiveMonitor {
  return state.status === 'active' || state.status === 'paused';
}

/** Another team's monitor is as absent as a deleted one. */
function requireMonitor(state: MonitorState, monitorId: string, teamId: string): LiveMonitor {
  if (!live(state) || state.teamId !== teamId)
    throw new DomainError('MONITOR_NOT_FOUND', `Monitor ${monitorId} not found`);
  return state;
}
