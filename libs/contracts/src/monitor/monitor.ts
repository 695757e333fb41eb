/**
 * The monitor as the API shows it and as its events carry it (API-NOTES.md, "Monitors").
 * Part of the public event contract.
 */

export interface ScrapeTarget {
  id: string;
  type: 'scrape';
  urls: string[];
  /** Scrape options of `POST /v2/scrape` (without `url`), applied to every URL of the target. */
  scrapeOptions?: Record<string, unknown>;
}

export interface CrawlTarget {
  id: string;
  type: 'crawl';
  url: string;
  crawlOptions?: Record<string, unknown>;
  scrapeOptions?: Record<string, unknown>;
}

export interface SearchTarget {
  id: string;
  type: 'search';
  queries: string[];
  searchWindow: (typeof SEARCH_WINDOWS)[number];
  includeDomains?: string[];
  excludeDomains?: string[];
  maxResults: number;
}

export type MonitorTarget = ScrapeTarget | CrawlTarget | SearchTarget;

export const SEARCH_WINDOWS = ['5m', '15m', '1h', '6h', '24h', '7d'] as const;

/** The webhook events a monitor sends; `events` may name them with or without the `monitor.` prefix. */
export const MONITOR_WEBHOOK_EVENTS = ['monitor.page', 'monitor.check.completed'] as const;
export type MonitorWebhookEvent = (typeof MONITOR_WEBHOOK_EVENTS)[number];

export interface MonitorWebhook {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, string>;
  /** Which events to send; all when omitted. Stored normalised (`monitor.page`, `monitor.check.completed`). */
  events?: MonitorWebhookEvent[];
}

export interface MonitorNotification {
  email?: { enabled: boolean; recipients: string[]; includeDiffs: boolean };
}

/** A normalised schedule: always the cron, plus the text it was written as. */
export interface ResolvedSchedule {
  cron: string;
  timezone: string;
  text?: string;
}

/** Everything a user configures on a monitor, validated and with defaults applied. */
export interface MonitorSpec {
  name: string;
  schedule: ResolvedSchedule;
  targets: MonitorTarget[];
  webhook: MonitorWebhook | null;
  notification: MonitorNotification | null;
  retentionDays: number;
  goal: string | null;
  judgeEnabled: boolean;
}

export const MONITOR_DEFAULTS = { retentionDays: 30 } as const;

export type PageStatus = 'new' | 'same' | 'changed' | 'removed' | 'error';

export interface CheckSummary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export interface PageJudgment {
  meaningful: boolean;
  confidence: 'high' | 'medium' | 'low';
  reason: string;
  meaningfulChanges: {
    type: 'added' | 'removed' | 'changed';
    before: string | null;
    after: string | null;
    reason: string;
  }[];
  /** Which judge decided: `local` (deterministic goal-term matching) or the configured model. */
  judge: string;
}

export interface CheckPage {
  id: string;
  targetId: string;
  url: string;
  status: PageStatus;
  previousScrapeId: string | null;
  currentScrapeId: string | null;
  statusCode: number | null;
  error: string | null;
  metadata: Record<string, unknown> | null;
  /** The unified diff and its parsed form; json-mode targets: `path: value` lines and the changed fields. */
  diff: { text: string; json: unknown } | null;
  /** The page's extraction, for targets whose scrape options ask change tracking for `json` mode; else null. */
  snapshot: unknown;
  judgment: PageJudgment | null;
  /** Crawl targets: `hidden` when the crawl no longer reached the page and it was checked directly. */
  visibility?: 'visible' | 'hidden';
  createdAt: string;
}

/** The markdown of a page at one check: what the next check of the same monitor, target and URL compares with. */
export interface PageSnapshot {
  scrapeId: string;
  documentBlob: string;
  checkedAt: string;
  /**
   * When the page was reported `removed` (it answered 404/410): the snapshot keeps its last content,
   * later 404s are no news (`same`), and its return is `new`.
   */
  removedAt?: string;
}

export type CheckStatus =
  | 'queued'
  | 'running'
  | 'completed'
  | 'partial'
  | 'failed'
  | 'skipped_overlap'
  | 'skipped_no_credits';

export type CheckTrigger = 'scheduled' | 'manual';

export interface MonitorView extends Omit<MonitorSpec, 'schedule'> {
  id: string;
  status: 'active' | 'paused';
  schedule: ResolvedSchedule & { description: string };
  nextRunAt: string | null;
  lastRunAt: string | null;
  currentCheckId: string | null;
  estimatedCreditsPerMonth: number;
  lastCheckSummary: CheckSummary | null;
  createdAt: string;
  updatedAt: string;
}

export interface CheckView {
  id: string;
  monitorId: string;
  status: CheckStatus;
  trigger: CheckTrigger;
  scheduledFor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  estimatedCredits: number;
  actualCredits: number | null;
  billingStatus: 'not_applicable';
  summary: CheckSummary;
  targetResults: TargetResult[];
  notificationStatus: {
    webhook: 'not_configured' | 'pending' | 'delivered' | 'failed';
    email: 'not_configured' | 'pending' | 'delivered' | 'failed';
    /** The delivery log of this check's webhook calls. */
    deliveries?: WebhookDeliveryRecord[];
  };
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What one target of a check produced: a crawl target's crawl, a search target's result counts. */
export interface TargetResult {
  targetId: string;
  type: MonitorTarget['type'];
  /** Crawl targets: the crawl this check ran (`GET /v2/crawl/{crawlId}` shows it while its results last). */
  crawlId?: string;
  /** Search targets: results checked, and those the judge found meaningful for the goal. */
  resultCount?: number;
  matches?: number;
}

export const emptySummary = (): CheckSummary => ({
  totalPages: 0,
  same: 0,
  changed: 0,
  new: 0,
  removed: 0,
  error: 0,
});

/** One webhook call of a check, as the delivery log keeps it. */
export interface WebhookDeliveryRecord {
  webhookId: string;
  /**
   * A webhook event, or `email` for the check's e-mail (then `url` is `mailto:` the recipients).
   * Crawl webhooks log their events (`crawl.page`, `batch_scrape.completed`, …) in the same shape.
   */
  event:
    | MonitorWebhookEvent
    | 'email'
    | `${'crawl' | 'batch_scrape'}.${'started' | 'page' | 'completed' | 'failed'}`;
  url: string;
  status: 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** Set on calls sent again on request: the id of that redelivery request. */
  redeliveryId?: string;
  updatedAt: string;
}

/** Read models of monitors (JetStream KV buckets `<prefix>_<name>`). */
export const MONITORS_READ_MODEL = 'monitors';
export const MONITOR_CHECKS_READ_MODEL = 'monitor_checks';
export const MONITOR_CHECK_PAGES_READ_MODEL = 'monitor_check_pages';
/** Webhook delivery log: `<checkId>.<webhookId>`. */
export const MONITOR_WEBHOOK_DELIVERIES_READ_MODEL = 'monitor_webhook_deliveries';
