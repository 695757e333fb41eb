import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type ContentPool,
  compareJson,
  type JsonChanges,
  type MarkdownComparison,
  type ScrapeDocument,
} from '#content';
import { CHANGE_TRACKING_READ_MODEL, type FetchedPage, type NatsNames, type ScrapeRequest } from '#contracts';
import {
  type ChangeBaseline,
  changeTrackingJsonBlob,
  changeTrackingKey,
  isRemovedStatus,
  tracksJson,
} from '#domain';
import type { BlobStore } from '#messaging';
import { lazyKv } from '#messaging';

/** The `changeTracking` field of a Firecrawl document. */
export interface ChangeTrackingResult {
  previousScrapeAt: string | null;
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  visibility: 'visible';
  diff?: MarkdownComparison['diff'];
  /** `json` mode, on a changed page: the schema's fields that differ from the previous extraction. */
  json?: JsonChanges;
}

/**
 * Compares a scrape's markdown with its baseline: the newest earlier scrape of the same page by
 * the same team under the same tag (the change-tracking history read model).
 */
export class ChangeTracker {
  private readonly kv: () => Promise<KV>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly names: NatsNames,
    private readonly blobs: BlobStore,
    private readonly pool: ContentPool,
  ) {
    this.kv = lazyKv(this.nc, this.names.kvBucket(CHANGE_TRACKING_READ_MODEL));
  }

  /**
   * `extracted` is this scrape's extraction in `json` mode: stored as its snapshot, then compared
   * with the baseline's (a baseline scraped without `json` mode has none: every field is new).
   */
  async track(
    teamId: string,
    scrapeId: string,
    request: ScrapeRequest,
    page: FetchedPage,
    markdown: string,
    extracted: unknown,
  ): Promise<ChangeTrackingResult> {
    const json = tracksJson(request);
    if (json) await this.blobs.put(changeTrackingJsonBlob(scrapeId), JSON.stringify(extracted ?? null));
    const baseline = await this.baseline(teamId, request);
    const previous = baseline && (await this.previousMarkdown(baseline));
    if (!baseline || previous === undefined)
      return { previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' };
    const result = { previousScrapeAt: baseline.scrapedAt, visibility: 'visible' as const };
    if (isRemovedStatus(page.statusCode)) return { ...result, changeStatus: 'removed' };
    const comparison = await this.pool.compare(previous, markdown);
    const tracked = {
      ...result,
      ...(request.formats.some(wantsGitDiff) ? comparison : { changeStatus: comparison.changeStatus }),
    };
    if (!json || comparison.changeStatus !== 'changed') return tracked;
    const before = await this.blobs.getText(changeTrackingJsonBlob(baseline.scrapeId));
    return { ...tracked, json: compareJson(before === undefined ? null : JSON.parse(before), extracted) };
  }

  private async baseline(teamId: string, request: ScrapeRequest): Promise<ChangeBaseline | undefined> {
    const key = changeTrackingKey(teamId, request);
    if (!key) return undefined;
    return (await (await this.kv()).get(key))?.json<ChangeBaseline>();
  }

  /** The baseline's markdown; undefined if its document is gone (then the page counts as new). */
  private async previousMarkdown(baseline: ChangeBaseline): Promise<string | undefined> {
    const document = await this.blobs.getText(baseline.documentBlob);
    return document === undefined ? undefined : (JSON.parse(document) as ScrapeDocument).markdown;
  }
}

/** `git-diff` is the default mode: a changeTracking format without `modes` gets it. */
const wantsGitDiff = (format: ScrapeRequest['formats'][number]) =>
  format.type === 'changeTracking' && (format.modes === undefined || format.modes.includes('git-diff'));
