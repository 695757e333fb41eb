import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import loadTrackerDB from '@ghostery/trackerdb';

/**
 * Categories of Ghostery's tracker database (shipped in the npm package, nothing fetched at run
 * time) that `blockAds` blocks: ads, analytics beacons, and consent-management platforms — blocking
 * the latter keeps cookie-consent pop-ups from ever rendering.
 */
const BLOCKED_CATEGORIES = new Set(['advertising', 'pornvertising', 'site_analytics', 'consent']);

/** Playwright resource types → the request types the filter engine knows. */
const REQUEST_TYPES: Record<string, string> = {
  document: 'sub_frame',
  stylesheet: 'stylesheet',
  image: 'image',
  media: 'media',
  font: 'font',
  script: 'script',
  xhr: 'xhr',
  fetch: 'xhr',
  websocket: 'websocket',
  ping: 'ping',
};

type TrackerDB = Awaited<ReturnType<typeof loadTrackerDB>>;

export class AdBlocker {
  private constructor(private readonly db: TrackerDB) {}

  static async load(): Promise<AdBlocker> {
    const packageDir = join(dirname(createRequire(import.meta.url).resolve('@ghostery/trackerdb')), '..');
    return new AdBlocker(await loadTrackerDB(readFileSync(join(packageDir, 'trackerdb.engine'))));
  }

  /** True when a request of the page at `pageUrl` goes to an ad, analytics or consent service. */
  shouldBlock(url: string, resourceType: string, pageUrl: string): boolean {
    if (!url.startsWith('http')) return false;
    const matches = this.db.matchUrl(
      { url, sourceUrl: pageUrl, type: REQUEST_TYPES[resourceType] ?? 'other' } as never,
      { getDomainMetadata: true },
    ) as { pattern?: { category?: string } }[];
    return matches.some((match) => BLOCKED_CATEGORIES.has(match.pattern?.category ?? ''));
  }
}
