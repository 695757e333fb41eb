import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  buildDocument,
  ContentPool,
  localPartOf,
  type PageOutput,
  pageInputOf,
  refineWithModel,
  type ScrapeDocument,
} from '#content';
import {
  CACHE_INDEX_READ_MODEL,
  CACHE_INDEX_TTL_MS,
  type FetchedPage,
  type NatsNames,
  type ScrapeRequest,
} from '#contracts';
import { type CacheEntry, type CacheVerdict, cacheKey, cacheVerdict, isCacheEligible } from '#domain';
import { deadlineSignal, LLM_PORT, type LlmPort } from '#llm';
import { BLOB_STORE, type BlobStore, lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';

/** Formats a cached page cannot give: they need a new visit of the page. */
const NOT_FROM_CACHE = new Set(['changeTracking', 'screenshot', 'branding', 'audio', 'video']);

/** Conversions of cached pages kept in memory, so repeated hits skip the converter. */
const CONVERTED_PAGES = 200;

/**
 * Serves scrapes from the cache index projection, without a round trip through the browser.
 * Formats are derived from the cached page body (so a copy cached for markdown serves links
 * too); the derivation of a page version for a set of options is memoised.
 */
@Injectable()
export class ScrapeCache implements OnApplicationShutdown {
  private readonly kv: () => Promise<KV>;
  private readonly pool: ContentPool;
  private readonly converted = new Map<string, Promise<PageOutput | undefined>>();

  constructor(
    @Inject(TRAWL_CONFIG) config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(LLM_PORT) private readonly llm: LlmPort | null,
  ) {
    this.kv = lazyKv(this.nc, this.names.kvBucket(CACHE_INDEX_READ_MODEL), { ttl: CACHE_INDEX_TTL_MS });
    this.pool = new ContentPool(Math.max(1, Math.floor(config.extractorThreads / 2)));
  }

  /** Looks the request's variant up and applies maxAge / minAge / lockdown. */
  async verdict(teamId: string, request: ScrapeRequest): Promise<CacheVerdict> {
    if (!isCacheEligible(request)) return { use: 'scrape' };
    const entry = (await (await this.kv()).get(cacheKey(teamId, request)))?.json<CacheEntry>();
    return cacheVerdict(request, entry, Date.now());
  }

  /** The document for a cache hit, or undefined when the cached body is gone from the blob store. */
  async serve(
    scrapeId: string,
    request: ScrapeRequest,
    entry: CacheEntry,
  ): Promise<ScrapeDocument | undefined> {
    const page: FetchedPage = {
      url: entry.url,
      statusCode: entry.statusCode,
      contentType: entry.contentType,
      bodyBlob: entry.bodyBlob,
      proxyUsed: 'basic',
    };
    let output = await this.convert(request, page);
    if (!output) return undefined;
    // Model steps run again for each hit: the memoised conversion holds only local results.
    if (this.llm) {
      output = await refineWithModel(
        this.llm,
        pageInputOf(request, page, ''),
        output,
        deadlineSignal(request.timeout, `the scrape's ${request.timeout} ms timeout ran out`),
      );
    }
    const document = buildDocument(scrapeId, request, page, output);
    document.metadata.cacheState = 'hit';
    document.metadata.cachedAt = entry.fetchedAt;
    // Only cache-only requests (minAge, lockdown) reach here with these formats: nothing is
    // scraped, so there is no new version to compare and no page to photograph.
    const missing = request.formats
      .filter((format) => NOT_FROM_CACHE.has(format.type))
      .map((format) => format.type);
    if (missing.length > 0) {
      const note = `${missing.join(' and ')} not produced: this answer comes from the cache only (minAge or lockdown)`;
      document.warning = document.warning ? `${document.warning}. ${note}` : note;
    }
    return document;
  }

  private convert(request: ScrapeRequest, page: FetchedPage): Promise<PageOutput | undefined> {
    const { html: _body, ...options } = localPartOf(pageInputOf(request, page, ''), this.llm);
    const key = JSON.stringify([page.bodyBlob, options]);
    const memoised = this.converted.get(key);
    if (memoised) return memoised;
    const output = this.blobs.getText(page.bodyBlob).then((body) => {
      if (body === undefined) {
        this.converted.delete(key);
        return undefined;
      }
      return this.pool.convert(localPartOf(pageInputOf(request, page, body), this.llm));
    });
    output.catch(() => this.converted.delete(key));
    this.converted.set(key, output);
    if (this.converted.size > CONVERTED_PAGES)
      this.converted.delete(this.converted.keys().next().value as string);
    return output;
  }

  async onApplicationShutdown() {
    await this.pool.close();
  }
}
