import type { ErrorDetail } from '../errors/index.js';
import { normaliseUrl } from '../scrape-request/validate-scrape-request.js';
import type { CrawlKind } from './crawl-events.js';

/** The stages a crawl or batch scrape reports; Firecrawl's `webhook.events` names them without prefix. */
export const CRAWL_WEBHOOK_STAGES = ['started', 'page', 'completed', 'failed'] as const;
export type CrawlWebhookStage = (typeof CRAWL_WEBHOOK_STAGES)[number];

/** The `webhook` option of `POST /v2/crawl` and `POST /v2/batch/scrape`, normalised. */
export interface CrawlWebhook {
  url: string;
  headers?: Record<string, string>;
  metadata?: Record<string, unknown>;
  /** Stages to send; all when omitted. */
  events?: CrawlWebhookStage[];
}

/** Event names as receivers see them: `crawl.page`, `batch_scrape.completed`, … */
export const crawlWebhookEventName = (kind: CrawlKind, stage: CrawlWebhookStage) =>
  `${kind === 'crawl' ? 'crawl' : 'batch_scrape'}.${stage}`;

/**
 * A `webhook` value: a URL string, or `{url, headers, metadata, events}`. Events may be written with
 * their prefix (`crawl.page`) too.
 */
export function validateCrawlWebhook(
  value: unknown,
): { ok: true; webhook: CrawlWebhook } | { ok: false; issues: ErrorDetail[] } {
  const spec = typeof value === 'string' ? { url: value } : value;
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    return issue([], 'webhook must be a URL or an object with url');
  const { url, headers, metadata, events, ...rest } = spec as Record<string, unknown>;
  const issues: ErrorDetail[] = Object.keys(rest).map((key) => ({
    path: ['webhook', key],
    message: `webhook.${key} is not a known option`,
  }));
  const normalised = typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? normaliseUrl(url) : null;
  if (!normalised)
    issues.push({ path: ['webhook', 'url'], message: 'webhook.url must be an http or https URL' });
  if (headers !== undefined && !isStringRecord(headers))
    issues.push({ path: ['webhook', 'headers'], message: 'webhook.headers must be an object of strings' });
  if (metadata !== undefined && !isRecord(metadata))
    issues.push({ path: ['webhook', 'metadata'], message: 'webhook.metadata must be an object' });
  const stages = Array.isArray(events) ? events.map(stageOf) : undefined;
  if (events !== undefined && (!stages || stages.some((stage) => stage === undefined)))
    issues.push({
      path: ['webhook', 'events'],
      message: `webhook.events must be a list of ${CRAWL_WEBHOOK_STAGES.join(', ')}`,
    });
  if (issues.length > 0 || !normalised) return { ok: false, issues };
  return {
    ok: true,
    webhook: {
      url: normalised,
      ...(headers ? { headers: headers as Record<string, string> } : {}),
      ...(metadata ? { metadata: metadata as Record<string, unknown> } : {}),
      ...(stages ? { events: [...new Set(stages as CrawlWebhookStage[])] } : {}),
    },
  };
}

function stageOf(name: unknown): CrawlWebhookStage | undefined {
  if (typeof name !== 'string') return undefined;
  const stage = name.replace(/^(crawl|batch_scrape)\./, '');
  return (CRAWL_WEBHOOK_STAGES as readonly string[]).includes(stage)
    ? (stage as CrawlWebhookStage)
    : undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringRecord = (value: unknown) =>
  isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string');

const issue = (path: (string | number)[], message: string) => ({
  ok: false as const,
  issues: [{ path: ['webhook', ...path], message }],
});

/** Read models of the crawl webhook outbox: each crawl's webhook (`<crawlId>`), and the delivery log (`<crawlId>.<webhookId>`). */
export const CRAWL_WEBHOOKS_READ_MODEL = 'crawl_webhooks';
export const CRAWL_WEBHOOK_DELIVERIES_READ_MODEL = 'crawl_webhook_deliveries';
