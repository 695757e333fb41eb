import { compareJson, describeJsonChanges } from '#content';
import { changeTrackingJsonBlob } from '#domain';
import type { BlobStore } from '#messaging';

/** A page of a json-mode target compared by its extraction: the comparison, and the snapshot it keeps. */
export interface JsonPageComparison {
  /** The page's extraction at this check: the check page's `snapshot`. */
  current: unknown;
  /** Undefined without a baseline. */
  comparison?: {
    changeStatus: 'same' | 'changed';
    diff?: { text: string; json: ReturnType<typeof compareJson> };
  };
}

/**
 * Monitors whose scrape options ask change tracking for `json` mode compare the extraction the
 * scrape stored, field by field, with the baseline scrape's: the same comparison scrapes answer
 * in `changeTracking.json`. A baseline scraped without json mode has no extraction: every field
 * counts as new then.
 */
export async function compareJsonSnapshots(
  blobs: BlobStore,
  currentScrapeId: string,
  baselineScrapeId: string | undefined,
): Promise<JsonPageComparison> {
  const read = async (scrapeId: string) => {
    const text = await blobs.getText(changeTrackingJsonBlob(scrapeId));
    return text === undefined ? null : (JSON.parse(text) as unknown);
  };
  const current = await read(currentScrapeId);
  if (baselineScrapeId === undefined) return { current };
  const changes = compareJson(await read(baselineScrapeId), current);
  return Object.keys(changes).length === 0
    ? { current, comparison: { changeStatus: 'same' } }
    : {
        current,
        comparison: { changeStatus: 'changed', diff: { text: describeJsonChanges(changes), json: changes } },
      };
}
