import { createHash } from 'node:crypto';
import type { ScrapeRequest } from '#contracts';
import { normaliseCacheUrl } from '../cache/cache-policy.js';

/** The newest earlier scrape of a page (per team, URL and tag) that produced markdown. */
export interface ChangeBaseline {
  scrapeId: string;
  /** Blob key of that scrape's document, whose markdown is compared. */
  documentBlob: string;
  scrapedAt: string;
}

/** The `tag` a request tracks changes under; no tag (null) is its own history, distinct from "" and "x". */
export function changeTrackingTag(request: ScrapeRequest): string | null {
  return request.formats.find((format) => format.type === 'changeTracking')?.tag ?? null;
}

/**
 * Key of a page's change history: the team (teams never see each other's baselines), the
 * normalised URL and the tag. Undefined when the scrape produces no markdown to compare.
 */
export function changeTrackingKey(teamId: string, request: ScrapeRequest): string | undefined {
  if (!request.formats.some((format) => format.type === 'markdown')) return undefined;
  return createHash('sha256')
    .update(JSON.stringify([teamId, normaliseCacheUrl(request.url), changeTrackingTag(request)]))
    .digest('hex');
}

/** A page answering 404 or 410 now has been removed. */
export const isRemovedStatus = (statusCode: number) => statusCode === 404 || statusCode === 410;

/** Whether a request asks change tracking for its `json` mode (a schema/prompt extraction compared field by field). */
export const tracksJson = (request: ScrapeRequest) =>
  request.formats.some((format) => format.type === 'changeTracking' && format.modes?.includes('json'));

/** Blob key of the extraction `json` mode made of a scrape: what the next scrape (or monitor check) compares with. */
export const changeTrackingJsonBlob = (scrapeId: string) => `change-tracking/${scrapeId}`;
