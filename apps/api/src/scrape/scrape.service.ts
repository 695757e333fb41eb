import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { ScrapeDocument } from '#content';
import { apiKeyOf, SCRAPE_CATEGORY, type ScrapeRequest, TrawlError } from '#contracts';
import { type CacheEntry, completedScrapeBasis, isCacheEligible, operationCost, premiumsOf } from '#domain';
import { ModelMeter } from '#llm';
import { BLOB_STORE, type BlobStore, CommandBus } from '#messaging';
import { scrapeDurationSeconds, scrapesTotal } from '#observability';
import type { Caller } from '../auth/caller.decorator.js';
import { CreditsService } from '../credits/credits.service.js';
import { FileUrls } from '../files/file-urls.js';
import { ConcurrencyLimiter } from '../limits/concurrency-limiter.js';
import { ScrapeCache } from './scrape-cache.service.js';
import { ScrapeOutcomes } from './scrape-outcomes.service.js';
import { ZeroRetentionScrapes } from './zero-retention-scrape.service.js';

/** After the request's own timeout, wait this much longer for a worker's timeout verdict before answering 408. */
const TIMEOUT_GRACE_MS = 3_000;

/** Runs one scrape through the pipeline and returns the Firecrawl document. */
@Injectable()
export class ScrapeService implements BeforeApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();
  private draining = false;

  constructor(
    private readonly bus: CommandBus,
    private readonly outcomes: ScrapeOutcomes,
    private readonly cache: ScrapeCache,
    private readonly fileUrls: FileUrls,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly credits: CreditsService,
    private readonly concurrency: ConcurrencyLimiter,
    private readonly zeroRetention: ZeroRetentionScrapes,
    private readonly models: ModelMeter,
  ) {}

  scrape(caller: Caller, request: ScrapeRequest, correlationId: string): Promise<ScrapeDocument> {
    if (this.draining) throw new TrawlError('SERVICE_UNAVAILABLE', 'Trawl is shutting down; retry shortly');
    const stopTimer = scrapeDurationSeconds.startTimer();
    const job = this.run(caller, request, correlationId);
    const settled = job
      .then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? 'UNKNOWN_ERROR',
      )
      .then((outcome) => {
        scrapesTotal.inc({ outcome });
        stopTimer();
        this.inFlight.delete(settled);
      });
    this.inFlight.add(settled);
    return job;
  }

  /** Graceful shutdown, step one (before workers stop): refuse new scrapes, let the running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    await Promise.allSettled([...this.inFlight]);
  }

  private async run(caller: Caller, request: ScrapeRequest, correlationId: string) {
    const { teamId } = caller;
    const scrapeId = uuidv7();
    const verdict = await this.cache.verdict(teamId, request);
    // A lockdown miss is charged too (1 credit): the cache was searched for it.
    const chargeLockdownMiss = () =>
      this.credits.charge(caller, scrapeId, { operation: 'scrape', lockdown: 'miss' }, correlationId);
    if (verdict.use === 'refuse') {
      if (verdict.code === 'SCRAPE_LOCKDOWN_CACHE_MISS') await chargeLockdownMiss();
      throw new TrawlError(verdict.code, verdict.message);
    }
    if (verdict.use === 'cache') {
      const document = await this.holdingCredits(teamId, scrapeId, request, () =>
        this.fromCache(scrapeId, caller, request, verdict.entry, correlationId),
      );
      if (document) return document;
      // The cached body is gone: a cache-only request cannot be answered, others scrape anew.
      if (request.lockdown) {
        await chargeLockdownMiss();
        throw new TrawlError('SCRAPE_LOCKDOWN_CACHE_MISS', `No cached copy of ${request.url}`);
      }
      if (request.minAge !== undefined)
        throw new TrawlError('SCRAPE_NO_CACHED_DATA', `No cached copy of ${request.url}`);
    }
    const slot = await this.concurrency.acquire(teamId, scrapeId, request.timeout, () =>
      this.credits.hold(teamId, request),
    );
    // Zero data retention: straight from a browser-worker, past the event store and blob store.
    const fresh = request.zeroDataRetention
      ? this.zeroRetention.scrape(scrapeId, caller, request, correlationId)
      : this.scrapeAnew(scrapeId, caller, request, correlationId, slot.holdsCredits);
    const document = await fresh.then(
      async (document) => {
        await slot.release(true);
        return document;
      },
      async (error: unknown) => {
        await slot.release(false);
        throw error;
      },
    );
    document.metadata.concurrencyLimited = slot.limited;
    if (slot.limited) document.metadata.concurrencyQueueDurationMs = slot.queuedMs;
    // The extractor says whether the cache was read; a zero-data-retention page bypasses it.
    if (request.zeroDataRetention && isCacheEligible(request)) document.metadata.cacheState = 'miss';
    return this.withSignedFiles(document);
  }

  /**
   * Runs `answer` while it holds what it costs a metered team: a cache hit takes no slot, yet a
   * burst of hits may not spend credits that the ones before it are about to.
   */
  private async holdingCredits<T>(
    teamId: string,
    scrapeId: string,
    request: ScrapeRequest,
    answer: () => Promise<T>,
  ): Promise<T> {
    const credits = await this.credits.hold(teamId, request);
    const hold = credits && (await this.concurrency.holdCredits(teamId, scrapeId, request.timeout, credits));
    try {
      return await answer();
    } finally {
      await hold?.release();
    }
  }

  /** The cached page in the requested formats, charged as a hit; undefined when its stored body is gone. */
  private async fromCache(
    scrapeId: string,
    caller: Caller,
    request: ScrapeRequest,
    entry: CacheEntry,
    correlationId: string,
  ): Promise<ScrapeDocument | undefined> {
    const { teamId } = caller;
    const model = this.models.for({ teamId, ...apiKeyOf(caller), operationId: scrapeId, correlationId });
    const document = await this.cache.serve(scrapeId, request, entry, model);
    if (!document) return undefined;
    // The hit gets its own scrape stream, so interact can open a session on it (by replaying
    // the request); zero-data-retention requests (lockdown) store nothing.
    if (!request.zeroDataRetention) {
      await this.bus.send(
        SCRAPE_CATEGORY,
        'RecordCacheHit',
        {
          scrapeId,
          teamId,
          request,
          cachedScrapeId: entry.scrapeId,
          cachedAt: entry.fetchedAt,
          at: new Date().toISOString(),
        },
        { correlationId },
      );
    }
    document.metadata.creditsUsed = await this.credits.charge(
      caller,
      scrapeId,
      {
        operation: 'scrape',
        cacheHit: true,
        ...(request.lockdown ? { lockdown: 'hit' } : {}),
        ...premiumsOf(request),
      },
      correlationId,
    );
    return document;
  }

  /** The stored document names files by key; clients get expiring signed URLs to them. */
  withSignedFiles(document: ScrapeDocument): ScrapeDocument {
    const sign = (key: string) => this.fileUrls.sign(key);
    return {
      ...document,
      ...(document.screenshot ? { screenshot: sign(document.screenshot) } : {}),
      ...(document.audio ? { audio: this.fileUrls.sign(document.audio) } : {}),
      ...(document.video ? { video: this.fileUrls.sign(document.video) } : {}),
      ...(document.actions
        ? {
            actions: {
              ...document.actions,
              screenshots: document.actions.screenshots.map(sign),
              pdfs: document.actions.pdfs.map(sign),
            },
          }
        : {}),
    };
  }

  /**
   * Core charges every completed scrape on the ledger. A scrape that holds a metered team's credits
   * is charged here as well (the ledger charges a scrape once), so that it lets go of them only once
   * the balance counts the charge: a scrape admitted in between would otherwise spend them again.
   */
  private async scrapeAnew(
    scrapeId: string,
    caller: Caller,
    request: ScrapeRequest,
    correlationId: string,
    holdsCredits: boolean,
  ): Promise<ScrapeDocument> {
    const outcome = this.outcomes.waitFor(scrapeId, request.timeout + TIMEOUT_GRACE_MS);
    const at = new Date().toISOString();
    try {
      await this.bus.send(
        SCRAPE_CATEGORY,
        'StartScrape',
        { scrapeId, teamId: caller.teamId, ...apiKeyOf(caller), request, at },
        { correlationId },
      );
    } catch (error) {
      this.outcomes.cancel(scrapeId);
      throw error;
    }
    const result = await outcome;
    switch (result.type) {
      case 'ScrapeCompleted': {
        const stored = await this.blobs.getText(result.data.documentBlob);
        if (!stored) throw new TrawlError('UNKNOWN_ERROR', `Document of scrape ${scrapeId} is missing`);
        const document = JSON.parse(stored) as ScrapeDocument;
        const basis = completedScrapeBasis(result.data);
        // A charge that fails here is made by core's reactor all the same: the answer stands.
        document.metadata.creditsUsed = holdsCredits
          ? await this.credits
              .charge(caller, scrapeId, basis, correlationId)
              .catch(() => operationCost(basis))
          : operationCost(basis);
        return document;
      }
      case 'ScrapeFailed':
        throw new TrawlError(result.data.code, result.data.error);
      case 'timeout': {
        const error = `Scrape timed out after ${request.timeout} ms`;
        await this.bus
          .send(
            SCRAPE_CATEGORY,
            'FailScrape',
            { scrapeId, code: 'SCRAPE_TIMEOUT', error, at: new Date().toISOString() },
            {
              correlationId,
            },
          )
          .catch(() => undefined);
        throw new TrawlError('SCRAPE_TIMEOUT', error);
      }
    }
  }
}
