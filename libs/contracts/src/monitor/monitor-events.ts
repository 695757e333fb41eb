import type {
  CheckPage,
  CheckStatus,
  CheckSummary,
  CheckTrigger,
  MonitorNotification,
  MonitorSpec,
  MonitorTarget,
  MonitorWebhook,
  PageSnapshot,
} from './monitor.js';
import type {
  ChecksExpired,
  CheckWebhooksRedeliveryRequested,
  CompleteStuckCheck,
  ExpireChecks,
  RedeliverCheckWebhooks,
} from './monitor-upkeep-events.js';

/**
 * Events of a `monitor-<monitorId>` stream, published on `<prefix>.evt.monitor.<type>`.
 * Check events carry what their consumers need (targets, baselines, webhook), so no consumer reads the store.
 */
export interface MonitorCreated {
  type: 'MonitorCreated';
  data: {
    monitorId: string;
    teamId: string;
    spec: MonitorSpec;
    nextRunAt: string | null;
    createdAt: string;
    /** The API key that created the monitor: its checks' scrapes, and so their charges, name it. */
    apiKeyId?: string;
  };
}

export interface MonitorUpdated {
  type: 'MonitorUpdated';
  data: {
    monitorId: string;
    teamId: string;
    changes: Partial<MonitorSpec>;
    nextRunAt: string | null;
    updatedAt: string;
  };
}

export interface MonitorPaused {
  type: 'MonitorPaused';
  data: { monitorId: string; teamId: string; pausedAt: string };
}

export interface MonitorResumed {
  type: 'MonitorResumed';
  data: { monitorId: string; teamId: string; nextRunAt: string | null; resumedAt: string };
}

export interface MonitorDeleted {
  type: 'MonitorDeleted';
  data: { monitorId: string; teamId: string; deletedAt: string };
}

/** Where a check's notifications go, as configured when it ran. */
export interface CheckNotify {
  monitorName: string;
  webhook: MonitorWebhook | null;
  notification: MonitorNotification | null;
}

export interface CheckStarted {
  type: 'CheckStarted';
  data: {
    monitorId: string;
    teamId: string;
    checkId: string;
    trigger: CheckTrigger;
    scheduledFor: string | null;
    startedAt: string;
    /** The next scheduled run after this one (unchanged for manual checks). */
    nextRunAt: string | null;
    targets: MonitorTarget[];
    /** Previous snapshot per page key (`<targetId> <url>`), the baseline each page is compared with. */
    baselines: Record<string, PageSnapshot>;
    goal: string | null;
    judgeEnabled: boolean;
    estimatedCredits: number;
    /** The key that created the monitor (its pages' scrapes name it). */
    apiKeyId?: string;
  };
}

export interface CheckSkipped {
  type: 'CheckSkipped';
  data: {
    monitorId: string;
    teamId: string;
    checkId: string;
    reason: 'skipped_overlap';
    /** The check still running. */
    runningCheckId: string;
    scheduledFor: string;
    skippedAt: string;
    nextRunAt: string | null;
  };
}

export interface PageChecked {
  type: 'PageChecked';
  data: {
    monitorId: string;
    teamId: string;
    checkId: string;
    page: CheckPage;
    /** The page's new baseline, when this check produced markdown for it. */
    snapshot: PageSnapshot | null;
    notify: CheckNotify;
  };
}

export interface CheckCompleted {
  type: 'CheckCompleted';
  data: {
    monitorId: string;
    teamId: string;
    checkId: string;
    status: Extract<CheckStatus, 'completed' | 'partial' | 'failed'>;
    summary: CheckSummary;
    actualCredits: number;
    error: string | null;
    finishedAt: string;
    notify: CheckNotify;
  };
}

export type MonitorEvent =
  | MonitorCreated
  | MonitorUpdated
  | MonitorPaused
  | MonitorResumed
  | MonitorDeleted
  | CheckStarted
  | CheckSkipped
  | PageChecked
  | CheckCompleted
  | ChecksExpired
  | CheckWebhooksRedeliveryRequested;

export interface CreateMonitor {
  type: 'CreateMonitor';
  data: { monitorId: string; teamId: string; spec: MonitorSpec; at: string; apiKeyId?: string };
}

export interface UpdateMonitor {
  type: 'UpdateMonitor';
  data: {
    monitorId: string;
    teamId: string;
    changes: Partial<MonitorSpec>;
    status?: 'active' | 'paused';
    at: string;
  };
}

export interface DeleteMonitor {
  type: 'DeleteMonitor';
  data: { monitorId: string; teamId: string; at: string };
}

/** `POST /v2/monitor/{id}/run`. */
export interface RunMonitor {
  type: 'RunMonitor';
  data: { monitorId: string; teamId: string; checkId: string; at: string };
}

/** From the scheduler: the run due at `scheduledFor`. Starting a slot already started decides nothing. */
export interface StartScheduledCheck {
  type: 'StartScheduledCheck';
  data: { monitorId: string; checkId: string; scheduledFor: string; at: string };
}

export interface RecordPageChecked {
  type: 'RecordPageChecked';
  data: { monitorId: string; checkId: string; page: CheckPage; snapshot: PageSnapshot | null; at: string };
}

export interface CompleteCheck {
  type: 'CompleteCheck';
  data: { monitorId: string; checkId: string; error?: string; at: string };
}

export type MonitorCommand =
  | CreateMonitor
  | UpdateMonitor
  | DeleteMonitor
  | RunMonitor
  | StartScheduledCheck
  | RecordPageChecked
  | CompleteCheck
  | CompleteStuckCheck
  | ExpireChecks
  | RedeliverCheckWebhooks;

export const MONITOR_CATEGORY = 'monitor';
export const monitorStreamId = (monitorId: string) => `${MONITOR_CATEGORY}-${monitorId}`;
/** The key of one page of a monitor: its target and URL. */
export const pageKey = (targetId: string, url: string) => `${targetId} ${url}`;
