import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ContentPool, MarkdownComparison, ScrapeDocument } from '#content';
import { CHANGE_TRACKING_READ_MODEL, type FetchedPage, type NatsNames, type ScrapeRequest } from '#contracts';
import { type ChangeBaseline, changeTrackingKey, isRemovedStatus } from '#domain';
import type { BlobStore } from '#messaging';
import { lazyKv } from '#messaging';

/** The `changeTracking` field of a Firecrawl document. */
export interface ChangeTrackingResult {
  previousScrapeAt: string | null;
  changeStatus: 'new' | 'same' | 'changed' | 'removed';
  visibility: 'visible';
  diff?: MarkdownComparison['diff'];
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

  async track(
    teamId: string,
    request: ScrapeRequest,
    page: FetchedPage,
    markdown: string,
  ): Promise<ChangeTrackingResult> {
    const baseline = await this.baseline(teamId, request);
    const previous = baseline && (await this.previousMarkdown(baseline));
    if (!baseline || previous === undefined)
      return { previousScrapeAt: null, changeStatus: 'new', visibility: 'visible' };
    const result = { previousScrapeAt: baseline.scrapedAt, visibility: 'visible' as const };
    if (isRemovedStatus(page.statusCode)) return { ...result, changeStatus: 'removed' };
    const comparison = await this.pool.compare(previous, markdown);
    return { ...result, ...comparison };
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
