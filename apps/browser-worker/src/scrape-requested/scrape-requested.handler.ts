import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { BrowserPool, FetchError } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, SCRAPE_CATEGORY, type ScrapeRequested } from '#contracts';
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
  private readonly pool: BrowserPool;
  private consumer?: RunningConsumer;
  private health?: Subscription[];

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly bus: CommandBus,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'browser-worker' });
    this.pool = new BrowserPool({
      executablePath: config.chromiumPath,
      concurrency: config.browserConcurrency,
    });
  }

  async onApplicationBootstrap() {
    this.health = serveCommands(this.nc, this.names, 'health', { browser: () => this.pool.health() });
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
    if (budget <= 0) {
      await fail('SCRAPE_TIMEOUT', `Scrape timed out after ${request.timeout} ms`);
      return;
    }
    log.info({ url: request.url, attempt }, 'fetching');
    try {
      const page = await this.pool.fetchPage({
        url: request.url,
        headers: request.headers,
        mobile: request.mobile,
        waitFor: request.waitFor,
        timeout: budget,
        location: request.location,
        skipTlsVerification: request.skipTlsVerification,
        blockAds: request.blockAds,
        allowPrivateAddresses: this.config.allowPrivateAddresses,
      });
      const bodyBlob = `pages/${scrapeId}`;
      await this.blobs.put(bodyBlob, page.body);
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
            proxyUsed: 'basic',
          },
          at: now(),
        },
        { correlationId },
      );
      log.info({ url: page.url, statusCode: page.statusCode }, 'page fetched');
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      log.warn({ code: error.code, err: error.message }, 'fetch failed');
      await fail(error.code, error.message);
    }
  }

  async onApplicationShutdown() {
    for (const subscription of this.health ?? []) subscription.unsubscribe();
    await this.consumer?.stop();
    await this.pool.close();
  }
}

const now = () => new Date().toISOString();
