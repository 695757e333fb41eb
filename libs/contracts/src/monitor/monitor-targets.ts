import { v5 as uuidv5 } from 'uuid';
import { type ValidCrawlRequest, validateCrawlRequest } from '../crawl/validate-crawl-request.js';
import type { ErrorDetail } from '../errors/index.js';
import type { Validated } from '../scrape-request/validate-scrape-request.js';
import type { CrawlTarget, SearchTarget } from './monitor.js';

/** A monitor compares markdown, so its scrapes always ask for it (and never read the cache). */
export function monitorScrapeOptions(options: Record<string, unknown> = {}): Record<string, unknown> {
  const formats = (options.formats as unknown[] | undefined) ?? ['markdown'];
  const hasMarkdown = formats.some((f) => f === 'markdown' || (f as { type?: string })?.type === 'markdown');
  return { ...options, maxAge: 0, formats: hasMarkdown ? formats : [...formats, 'markdown'] };
}

/** The `POST /v2/crawl` request a crawl target runs at each check: its crawlOptions plus the monitor's scrape options. */
export function monitorCrawlRequest(
  target: Pick<CrawlTarget, 'url' | 'crawlOptions' | 'scrapeOptions'>,
): Validated<ValidCrawlRequest> {
  return validateCrawlRequest({
    ...target.crawlOptions,
    url: target.url,
    scrapeOptions: monitorScrapeOptions(target.scrapeOptions),
  });
}

/** The start of a search target's window: results older than this are left out. */
export function searchWindowStart(window: SearchTarget['searchWindow'], now: Date): string {
  const unit = window.slice(-1);
  const amount = Number(window.slice(0, -1));
  const ms = amount * (unit === 'm' ? 60_000 : unit === 'h' ? 3_600_000 : 86_400_000);
  return new Date(now.getTime() - ms).toISOString();
}

/** Issues of a crawl target's crawlOptions, at their place in the monitor body (scrapeOptions are checked on their own). */
export function crawlOptionsIssues(
  target: Pick<CrawlTarget, 'url' | 'crawlOptions'>,
  path: (string | number)[],
): ErrorDetail[] {
  const result = monitorCrawlRequest(target);
  if (result.ok) return [];
  return result.details
    .filter((detail) => detail.path[0] !== 'scrapeOptions' && detail.path[0] !== 'url')
    .map((detail) => ({ path: [...path, 'crawlOptions', ...detail.path], message: detail.message }));
}

/** Namespace of the crawl ids of monitor checks. */
const MONITOR_CRAWL_NAMESPACE = '6d1f0c3e-8a61-4f5e-9b0a-3c2d6f1e7a90';

/** The crawl a check runs for a crawl target: one per check and target, the same on redelivery. */
export const monitorCheckCrawlId = (checkId: string, targetId: string) =>
  uuidv5(`${checkId}#${targetId}`, MONITOR_CRAWL_NAMESPACE);
