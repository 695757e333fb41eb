import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { type BrowserPool, FetchError, type FetchedPageBody, type StorageState } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type FetchedPage, type NatsNames, SCRAPE_CATEGORY, type ScrapeRequested } from '#contracts';
import { proxyAttempts } from '#domain';
import { downloadMedia, MediaError, type MediaKind } from '#media';
import {
  BLOB_STORE,
  type BlobStore,
  CommandBus,
  consumeEvents,
  FILE_STORE,
  MEDIA_STORE,
  NATS_CONNECTION,
  NATS_NAMES,
  type RunningConsumer,
  serveCommands,
} from '#messaging';
import { LOGGER } from '#observability';
import { BROWSER_POOL } from '../browser-pool.provider.js';
import { fetchOptionsOf } from '../fetch-options.js';
import { InteractSessions } from '../interact/interact-sessions.service.js';
import { ProfileError, ProfileVault } from '../profiles/profile-vault.service.js';
import { fetchThroughProxies } from '../proxies/fetch-through-proxies.js';
import { serveZeroRetentionFetches } from '../zero-retention/zero-retention-fetches.js';

/** Time kept back from the request's timeout for extraction after the fetch. */
const EXTRACTION_RESERVE_MS = 1_500;

/**
 * Reacts to ScrapeRequested: renders the page in Chromium, stores the body as a blob and records
 * the fetch. A JetStream durable consumer: if this process dies mid-fetch, another instance gets
 * the job once the lease (WORKER_ACK_WAIT_MS) runs out.
 */
@Injectable()
export class ScrapeRequestedHandler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private consumer?: RunningConsumer;
  private health?: Subscription[];
  private zeroRetention?: Subscription;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(FILE_STORE) private readonly files: BlobStore,
    // Audio and video live an hour, like their signed URLs.
    @Inject(MEDIA_STORE) private readonly media: BlobStore,
    private readonly bus: CommandBus,
    @Inject(LOGGER) logger: Logger,
    @Inject(BROWSER_POOL) private readonly pool: BrowserPool,
    private readonly sessions: InteractSessions,
    private readonly profiles: ProfileVault,
  ) {
    this.logger = logger.child({ component: 'browser-worker' });
  }

  async onApplicationBootstrap() {
    this.health = serveCommands(this.nc, this.names, 'health', { browser: () => this.pool.health() });
    this.zeroRetention = serveZeroRetentionFetches(this.nc, this.names, this.pool, this.config, this.logger);
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'browser_worker',
      category: SCRAPE_CATEGORY,
      type: 'ScrapeRequested',
      concurrency: this.config.browserConcurrency,
      ackWaitMs: this.config.workerAckWaitMs,
      handle: (event, delivery) =>
        this.fetch(event.data as ScrapeRequested['data'], event.metadata.correlationId, delivery.attempt),
      onError: (error, event) => this.logger.error({ err: error, eventId: event?.id }, 'fetch job failed'),
    });
  }

  private async fetch(data: ScrapeRequested['data'], correlationId: string | undefined, attempt: number) {
    const { scrapeId, request, requestedAt } = data;
    const log = this.logger.child({ correlationId, scrapeId });
    const budget = Date.parse(requestedAt) + request.timeout - Date.now() - EXTRACTION_RESERVE_MS;
    const fail = (code: string, error: string) =>
      this.bus.send(SCRAPE_CATEGORY, 'FailScrape', { scrapeId, code, error, at: now() }, { correlationId });
    // Named by the client's whole timeout, though the browser had it less the extraction's reserve.
    const timedOut = `Scrape timed out after ${request.timeout} ms`;
    if (budget <= 0) {
      await fail('SCRAPE_TIMEOUT', timedOut);
      return;
    }
    log.info({ url: request.url, attempt }, 'fetching');
    let storageState: StorageState | undefined;
    try {
      storageState = await this.profiles.open(scrapeId, data.teamId, request.profile);
    } catch (error) {
      if (!(error instanceof ProfileError)) throw error;
      await fail(error.code, error.message);
      return;
    }
    try {
      const { page, proxyUsed, proxy } = await fetchThroughProxies(
        this.pool,
        fetchOptionsOf(request, {
          timeout: budget,
          allowedPrivateAddresses: this.config.allowedPrivateAddresses,
          keepAlive: this.sessions.keepsPagesOf(request),
          storageState,
        }),
        proxyAttempts(this.config.proxies, request, scrapeId),
      ).catch(async (error: unknown) => {
        await this.profiles.release(scrapeId, data.teamId, request.profile);
        throw error;
      });
      // Kept before the fetch is recorded, so an interact call right after completion finds it.
      if (page.live) await this.sessions.keep(scrapeId, data.teamId, request, page.live);
      else await this.profiles.release(scrapeId, data.teamId, request.profile);
      const bodyBlob = `pages/${scrapeId}`;
      await this.blobs.put(bodyBlob, page.body);
      const files = await this.storeArtifacts(scrapeId, page);
      for (const kind of MEDIA_KINDS.filter((type) =>
        request.formats.some((format) => format.type === type),
      )) {
        const left = Date.parse(requestedAt) + request.timeout - Date.now() - EXTRACTION_RESERVE_MS;
        if (left <= 0) throw new MediaError('SCRAPE_TIMEOUT', timedOut);
        const media = await downloadMedia(page.url, kind, {
          timeoutMs: left,
          allowedPrivateAddresses: this.config.allowedPrivateAddresses,
          proxy,
        });
        const key = `${scrapeId}/${kind}.${media.extension}`;
        await this.media.put(key, media.bytes);
        files[kind === 'audio' ? 'audioFile' : 'videoFile'] = key;
      }
      await this.bus.send(
        SCRAPE_CATEGORY,
        'RecordPageFetched',
        {
          scrapeId,
          page: {
            url: page.url,
            statusCode: page.statusCode,
            contentType: page.contentType,
            bodyBlob,
            ...(page.fileType ? { fileType: page.fileType } : {}),
            proxyUsed,
            ...files,
            ...(page.branding ? { branding: { ...page.branding } } : {}),
          },
          at: now(),
        },
        { correlationId },
      );
      log.info({ url: page.url, statusCode: page.statusCode }, 'page fetched');
    } catch (error) {
      if (!(error instanceof FetchError || error instanceof MediaError)) throw error;
      log.warn({ code: error.code, err: error.message }, 'fetch failed');
      await fail(error.code, error.code === 'SCRAPE_TIMEOUT' ? timedOut : error.message);
    }
  }

  /** Screenshots and PDFs go to the file store (served by signed URL); action snapshots to the blob store. */
  private async storeArtifacts(scrapeId: string, page: FetchedPageBody): Promise<Partial<FetchedPage>> {
    const screenshotFile = page.screenshot && `${scrapeId}/screenshot.${imageExtension(page.screenshot)}`;
    if (screenshotFile && page.screenshot) await this.files.put(screenshotFile, page.screenshot);
    if (!page.actions) return screenshotFile ? { screenshotFile } : {};
    const { screenshots, scrapes, javascriptReturns, pdfs } = page.actions;
    const actions: NonNullable<FetchedPage['actions']> = {
      screenshots: [],
      scrapes: [],
      javascriptReturns,
      pdfs: [],
    };
    for (const [index, image] of screenshots.entries()) {
      const key = `${scrapeId}/action-screenshot-${index}.${imageExtension(image)}`;
      await this.files.put(key, image);
      actions.screenshots.push(key);
    }
    for (const [index, snapshot] of scrapes.entries()) {
      const htmlBlob = `pages/${scrapeId}/action-scrape-${index}`;
      await this.blobs.put(htmlBlob, snapshot.html);
      actions.scrapes.push({ url: snapshot.url, htmlBlob });
    }
    for (const [index, pdf] of pdfs.entries()) {
      const key = `${scrapeId}/action-pdf-${index}.pdf`;
      await this.files.put(key, pdf);
      actions.pdfs.push(key);
    }
    return { ...(screenshotFile ? { screenshotFile } : {}), actions };
  }

  async onApplicationShutdown() {
    for (const subscription of this.health ?? []) subscription.unsubscribe();
    this.zeroRetention?.unsubscribe();
    await this.consumer?.stop();
    await this.sessions.endAll();
    await this.pool.close();
  }
}

const now = () => new Date().toISOString();
/** Formats yt-dlp downloads from the page's URL after the page itself was fetched. */
const MEDIA_KINDS: MediaKind[] = ['audio', 'video'];
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
/** Screenshots are PNG unless a quality made them JPEG. */
const imageExtension = (image: Buffer) => (image.subarray(0, 3).equals(JPEG_MAGIC) ? 'jpg' : 'png');
