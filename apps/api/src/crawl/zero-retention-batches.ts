import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  type CrawlError,
  type CrawlStatus,
  type CrawlView,
  type NatsNames,
  TrawlError,
  type ValidBatchScrapeRequest,
} from '#contracts';
import { JOB_RESULTS_TTL_MS } from '#domain';
import { NATS_CONNECTION, NATS_NAMES, NoResponderError, replyInChunks, requestInChunks } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { ScrapeService } from '../scrape/scrape.service.js';

/** What a held batch is asked over NATS, by whichever api instance the client reached. */
export type HeldBatchAsk = { op: 'status'; skip: number; take: number } | { op: 'errors' } | { op: 'cancel' };
type HeldBatchQuery = HeldBatchAsk & { teamId: string };

/** A job's status as `GET /v2/batch/scrape/{id}` answers it, with the documents of the window asked for. */
export type JobStatusWindow = Pick<
  CrawlView,
  'status' | 'total' | 'completed' | 'creditsUsed' | 'expiresAt' | 'scrapedPages'
> & { documents: ScrapeDocument[] };

export type JobErrors = Pick<CrawlView, 'errors' | 'robotsBlocked'>;

/** How long an asking instance waits for the holder's answer. */
const ASK_TIMEOUT_MS = 10_000;

interface HeldBatch {
  teamId: string;
  status: CrawlStatus;
  urls: string[];
  documents: ScrapeDocument[];
  errors: CrawlError[];
  creditsUsed: number;
  expiresAt: string;
  subscription: Subscription;
  expiry: NodeJS.Timeout;
}

/**
 * Zero-data-retention batch scrapes: the batch lives only in the memory of the api instance that
 * accepted it. Its pages are zero-data-retention scrapes (browser-worker to this api over core NATS,
 * charged by scrape id), its documents and errors stay in this process until the results expire,
 * and any api instance reads them by asking this one on the job's own subject. Nothing reaches the
 * event store, a stream, a blob, a log line or a metric label; when this process stops, the batch
 * and its results are gone.
 */
@Injectable()
export class ZeroRetentionBatches implements BeforeApplicationShutdown {
  private readonly held = new Map<string, HeldBatch>();

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly scrapes: ScrapeService,
  ) {}

  /** Starts the batch in this process and answers at once, as a stored batch does. */
  start(caller: Caller, batch: ValidBatchScrapeRequest, correlationId: string): string {
    const jobId = uuidv7();
    const job: HeldBatch = {
      teamId: caller.teamId,
      status: 'scraping',
      urls: batch.urls,
      documents: [],
      errors: [],
      creditsUsed: 0,
      expiresAt: new Date(Date.now() + JOB_RESULTS_TTL_MS).toISOString(),
      subscription: this.nc.subscribe(this.names.zeroRetentionJobSubject(jobId), {
        callback: (err, msg) => {
          if (!err && msg.reply)
            replyInChunks(this.nc, msg.reply, this.answer(jobId, msg.json<HeldBatchQuery>()));
        },
      }),
      expiry: setTimeout(() => this.forget(jobId), JOB_RESULTS_TTL_MS),
    };
    this.held.set(jobId, job);
    void this.run(job, caller, batch, correlationId);
    return jobId;
  }

  /**
   * Asks whichever api instance holds the job; undefined when none does (the job is a stored one,
   * or does not exist). Another team's job answers 404, as a stored one does.
   */
  async ask<T extends JobStatusWindow | JobErrors>(
    teamId: string,
    jobId: string,
    query: HeldBatchAsk,
  ): Promise<T | undefined> {
    try {
      return await requestInChunks<T>(
        this.nc,
        this.names.zeroRetentionJobSubject(jobId),
        { ...query, teamId },
        ASK_TIMEOUT_MS,
        () =>
          new TrawlError(
            'SERVICE_UNAVAILABLE',
            `The api instance running batch scrape ${jobId} does not answer`,
          ),
      );
    } catch (error) {
      if (error instanceof NoResponderError) return undefined;
      throw error;
    }
  }

  /** Batches end with the process that holds them: stop taking pages and let go of the subjects. */
  beforeApplicationShutdown(): void {
    for (const jobId of [...this.held.keys()]) this.forget(jobId);
  }

  private answer(jobId: string, query: HeldBatchQuery) {
    const job = this.held.get(jobId);
    if (!job || job.teamId !== query.teamId) {
      return { ok: false, code: 'CRAWL_NOT_FOUND', message: `Batch scrape ${jobId} does not exist` } as const;
    }
    if (query.op === 'errors') {
      return {
        ok: true,
        value: { errors: job.errors, robotsBlocked: [] } satisfies JobErrors,
      } as const;
    }
    if (query.op === 'cancel' && job.status === 'scraping') job.status = 'cancelled';
    const [skip, take] = query.op === 'status' ? [query.skip, query.take] : [0, 0];
    const status: JobStatusWindow = {
      status: job.status,
      total: job.urls.length,
      completed: job.documents.length + job.errors.length,
      creditsUsed: job.creditsUsed,
      expiresAt: job.expiresAt,
      scrapedPages: job.documents.length,
      documents: job.documents.slice(skip, skip + take),
    };
    return { ok: true, value: status } as const;
  }

  /** Scrapes the URLs, at most `maxConcurrency` (and the team's own limit) at a time. */
  private async run(job: HeldBatch, caller: Caller, batch: ValidBatchScrapeRequest, correlationId: string) {
    const queue = [...batch.urls];
    const lanes = Math.min(batch.maxConcurrency, this.config.concurrencyPerTeam, queue.length);
    const lane = async () => {
      for (let url = queue.shift(); url !== undefined && job.status === 'scraping'; url = queue.shift()) {
        await this.scrapePage(job, caller, { ...batch.scrapeRequest, url, sourceUrl: url }, correlationId);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    if (job.status === 'scraping') job.status = 'completed';
  }

  private async scrapePage(
    job: HeldBatch,
    caller: Caller,
    request: ValidBatchScrapeRequest['scrapeRequest'],
    correlationId: string,
  ): Promise<void> {
    for (;;) {
      try {
        const document = await this.scrapes.scrape(caller, request, correlationId);
        job.documents.push(document);
        job.creditsUsed += Number(document.metadata.creditsUsed ?? 0);
        return;
      } catch (error) {
        // The team's other requests held every slot for two thirds of the timeout: the page waits its turn again.
        if (
          error instanceof TrawlError &&
          error.code === 'CONCURRENCY_QUEUE_TIMEOUT' &&
          job.status === 'scraping'
        )
          continue;
        job.errors.push({
          id: uuidv7(),
          timestamp: new Date().toISOString(),
          url: request.url,
          code: error instanceof TrawlError ? error.code : 'UNKNOWN_ERROR',
          error: error instanceof Error ? error.message : String(error),
        });
        return;
      }
    }
  }

  private forget(jobId: string): void {
    const job = this.held.get(jobId);
    if (!job) return;
    if (job.status === 'scraping') job.status = 'cancelled';
    clearTimeout(job.expiry);
    job.subscription.unsubscribe();
    this.held.delete(jobId);
  }
}
