import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ContentPool, type ScrapeDocument } from '#content';
import { apiKeyOf, type FetchedPage, type NatsNames, type PageFetched, SCRAPE_CATEGORY } from '#contracts';
import { isCacheEligible } from '#domain';
import { ModelMeter } from '#llm';
import {
  BLOB_STORE,
  type BlobStore,
  CommandBus,
  consumeEvents,
  NATS_CONNECTION,
  NATS_NAMES,
  type RunningConsumer,
  serveCommands,
} from '#messaging';
import { LOGGER } from '#observability';
import { LibreOfficeConverter, OfficePool } from '#office';
import { type ConversionPools, closeConversionPools, documentOfPage, isDocumentError, PdfPool } from '#pdf';
import { ChangeTracker, type ChangeTrackingResult } from '../change-tracking/change-tracker.js';

/** Reacts to PageFetched: turns the stored page into the requested formats and completes the scrape. */
@Injectable()
export class PageFetchedHandler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly pools: ConversionPools;
  private readonly changes: ChangeTracker;
  private consumer?: RunningConsumer;
  private health?: Subscription[];

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly bus: CommandBus,
    @Inject(LOGGER) logger: Logger,
    private readonly models: ModelMeter,
  ) {
    this.logger = logger.child({ component: 'extractor' });
    this.pools = {
      content: new ContentPool(config.extractorThreads),
      pdf: new PdfPool(config.extractorThreads),
      office: new OfficePool(config.extractorThreads),
      libreOffice: new LibreOfficeConverter({
        ...config.office,
        bwrapPath: config.bwrapPath,
        maxRunning: config.extractorThreads,
      }),
    };
    this.changes = new ChangeTracker(nc, names, blobs, this.pools.content);
  }

  async onApplicationBootstrap() {
    this.health = serveCommands(this.nc, this.names, 'health', {
      extractor: () => this.pools.content.probe(),
    });
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'extractor',
      category: SCRAPE_CATEGORY,
      type: 'PageFetched',
      concurrency: this.config.extractorThreads * 2,
      ackWaitMs: this.config.workerAckWaitMs,
      handle: (event) => this.extract(event.data as PageFetched['data'], event.metadata.correlationId),
      onError: (error, event) => this.logger.error({ err: error, eventId: event?.id }, 'extraction failed'),
    });
  }

  private async extract(data: PageFetched['data'], correlationId: string | undefined) {
    const { scrapeId, request, page } = data;
    const log = this.logger.child({ correlationId, scrapeId });
    const fail = (code: string, error: string) =>
      this.bus.send(SCRAPE_CATEGORY, 'FailScrape', { scrapeId, code, error, at: now() }, { correlationId });
    const body = await this.blobs.getBytes(page.bodyBlob);
    if (body === undefined && data.cachedScrapeId) {
      log.warn({ bodyBlob: page.bodyBlob }, 'the cached page body is gone; fetching the page anew');
      await this.bus.send(SCRAPE_CATEGORY, 'FetchCachedPageAnew', { scrapeId, at: now() }, { correlationId });
      return;
    }
    if (body === undefined) {
      // The body is stored before the fetch is recorded, so a missing one is gone for good (NATS lost
      // its streams, a bucket expired it): retrying cannot help. A scrape that finished long ago, met
      // again when the relay sends the history anew, stays as it was: the aggregate ignores the failure.
      log.warn({ bodyBlob: page.bodyBlob }, 'the page body is gone; failing the scrape');
      await fail('UNKNOWN_ERROR', `The fetched page's body is gone (${page.bodyBlob})`);
      return;
    }
    let document: ScrapeDocument & { changeTracking?: ChangeTrackingResult };
    let changeTrackingJson: unknown;
    let unrequestedMarkdown: string | undefined;
    try {
      ({ document, changeTrackingJson, unrequestedMarkdown } = await documentOfPage(
        this.pools,
        this.models.for({ teamId: data.teamId, ...apiKeyOf(data), operationId: scrapeId, correlationId }),
        scrapeId,
        request,
        page,
        body,
        Date.parse(data.requestedAt ?? data.fetchedAt),
      ));
      Object.assign(document.metadata, cacheStateOf(data));
      await this.attachArtifacts(document, page);
      if (request.formats.some((format) => format.type === 'changeTracking')) {
        document.changeTracking = await this.changes.track(
          data.teamId,
          scrapeId,
          request,
          page,
          document.markdown ?? '',
          changeTrackingJson,
        );
      }
    } catch (error) {
      const known = isDocumentError(error);
      if (known) log.warn({ code: error.code, err: error.message }, 'document not read');
      else log.error({ err: error }, 'content conversion failed');
      await (known
        ? fail(error.code, error.message)
        : fail('UNKNOWN_ERROR', `Content extraction failed: ${String(error)}`));
      return;
    }
    const documentBlob = `documents/${scrapeId}`;
    await this.blobs.put(documentBlob, JSON.stringify(document));
    // A page scraped for json alone is still found by what it says, not only by its title.
    const textBlob = unrequestedMarkdown === undefined ? undefined : `texts/${scrapeId}`;
    if (textBlob) await this.blobs.put(textBlob, unrequestedMarkdown as string);
    await this.bus.send(
      SCRAPE_CATEGORY,
      'CompleteScrape',
      {
        scrapeId,
        documentBlob,
        ...(textBlob ? { textBlob } : {}),
        url: page.url,
        statusCode: page.statusCode,
        ...(typeof document.metadata.numPages === 'number' ? { numPages: document.metadata.numPages } : {}),
        at: now(),
      },
      { correlationId },
    );
    log.info({ url: page.url, statusCode: page.statusCode }, 'scrape completed');
  }

  /**
   * Screenshot and action results. Files stay file-store keys here: the api turns them into
   * signed URLs when it answers, so the stored document never holds an expiring URL.
   */
  private async attachArtifacts(document: ScrapeDocument, page: FetchedPage) {
    if (page.screenshotFile) document.screenshot = page.screenshotFile;
    if (page.audioFile) document.audio = page.audioFile;
    if (page.videoFile) document.video = page.videoFile;
    if (!page.actions) return;
    const scrapes = await Promise.all(
      page.actions.scrapes.map(async ({ url, htmlBlob }) => ({
        url,
        html: (await this.blobs.getText(htmlBlob)) ?? '',
      })),
    );
    document.actions = { ...page.actions, scrapes };
  }

  async onApplicationShutdown() {
    for (const subscription of this.health ?? []) subscription.unsubscribe();
    await this.consumer?.stop();
    await closeConversionPools(this.pools);
  }
}

const now = () => new Date().toISOString();

/** Whether the cache was read for the page and answered, as a scrape's metadata says it. */
function cacheStateOf({ request, cachedScrapeId, fetchedAt }: PageFetched['data']) {
  if (cachedScrapeId) return { cacheState: 'hit', cachedAt: fetchedAt };
  return isCacheEligible(request) ? { cacheState: 'miss' } : {};
}
