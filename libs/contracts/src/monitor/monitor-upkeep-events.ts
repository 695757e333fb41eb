import type {
  CheckPage,
  CheckSummary,
  MonitorSpec,
  MonitorTarget,
  MonitorWebhook,
  PageSnapshot,
} from './monitor.js';
import type { CheckNotify } from './monitor-events.js';

/**
 * Upkeep of a `monitor-<monitorId>` stream: retention, stuck checks and webhook redelivery.
 * Part of the public event contract, published like the other monitor events.
 */

/** What a monitor is at one revision: the state its aggregate folds to, and its read model's history fields. */
export interface MonitorStateSnapshot {
  status: 'active' | 'paused';
  spec: MonitorSpec;
  nextRunAt: string | null;
  baselines: Record<string, PageSnapshot>;
  running: {
    checkId: string;
    startedAt: string;
    targets: MonitorTarget[];
    pages: Record<string, CheckPage>;
  } | null;
  createdAt: string;
  lastRunAt: string | null;
  lastCheckSummary: CheckSummary | null;
}

/**
 * Checks older than the monitor's `retentionDays` were dropped. The stream is truncated before
 * the oldest kept check right after this event, so the event carries the monitor's whole state:
 * folding the stream from there (or rebuilding read models from the store) starts from it.
 */
export interface ChecksExpired {
  type: 'ChecksExpired';
  data: {
    monitorId: string;
    teamId: string;
    checkIds: string[];
    /** Scrapes of the dropped pages that no kept page uses as baseline: their streams and blobs go too. */
    scrapeIds: string[];
    retentionDays: number;
    expiredAt: string;
    monitor: MonitorStateSnapshot;
  };
}

/** Someone asked to send a finished check's webhooks again; the webhook outbox sends them anew. */
export interface CheckWebhooksRedeliveryRequested {
  type: 'CheckWebhooksRedeliveryRequested';
  data: {
    monitorId: string;
    teamId: string;
    checkId: string;
    webhook: MonitorWebhook;
    notify: CheckNotify;
    requestedAt: string;
  };
}

/** From the retention sweep: drop these checks (planned from the stream at `expectedRevision`). */
export interface ExpireChecks {
  type: 'ExpireChecks';
  data: {
    monitorId: string;
    checkIds: string[];
    scrapeIds: string[];
    history: Pick<MonitorStateSnapshot, 'createdAt' | 'lastRunAt' | 'lastCheckSummary'>;
    at: string;
  };
}

/** From the watchdog: the check ran past its bound; the pages that never reported become `error`. */
export interface CompleteStuckCheck {
  type: 'CompleteStuckCheck';
  data: { monitorId: string; checkId: string; reason: string; at: string };
}

/** `POST /v2/monitor/{id}/checks/{checkId}/webhook/redeliver`. */
export interface RedeliverCheckWebhooks {
  type: 'RedeliverCheckWebhooks';
  data: { monitorId: string; teamId: string; checkId: string; at: string };
}
