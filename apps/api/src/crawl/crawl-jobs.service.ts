import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  type ActiveCrawlView,
  apiKeyOf,
  CRAWL_CATEGORY,
  type CrawlError,
  type CrawlKind,
  type CrawlStatus,
  type CrawlView,
  crawledDocumentForClient,
  type ExtractOptions,
  type GetCrawl,
  type ListActiveCrawls,
  MAX_EXTRACT_URLS,
  type ScrapeRequest,
  type StartBatchScrape,
  type StartCrawl,
  TrawlError,
  unavailableFeatures,
  type ValidBatchScrapeRequest,
  type ValidCrawlRequest,
} from '#contracts';
import { pageCredits } from '#domain';
import { BLOB_STORE, type BlobStore, CommandBus, CommandRejectedError } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { insufficientCredits } from '../credits/credits.guard.js';
import { CreditsService } from '../credits/credits.service.js';
import { availableFeatures, refuseUnavailable } from '../scrape/available-features.js';
import { ScrapeService } from '../scrape/scrape.service.js';
import { ZeroRetentionScrapes } from '../scrape/zero-retention-scrape.service.js';
import { type HeldJobView, ZeroRetentionJobs } from './zero-retention-jobs.js';

/** Documents per page of `GET /v2/crawl/{id}`; the rest is reached through `next`. */
export const CRAWL_PAGE_SIZE = 50;

export interface CrawlStatusPage {
  success: true;
  status: CrawlStatus;
  total: number;
  completed: number;
  creditsUsed: number;
  expiresAt: string;
  next?: string;
  data: ScrapeDocument[];
}

/** The routes of each job kind: where its status lives. */
const ROUTE: Record<CrawlKind, string> = {
  crawl: 'v2/crawl',
  batch: 'v2/batch/scrape',
  extract: 'v2/extract',
};
const NAME: Record<CrawlKind, string> = { crawl: 'Crawl', batch: 'Batch scrape', extract: 'Extract job' };

/**
 * Crawls and batch scrapes: both are `crawl-<id>` aggregates in core, or, with zero data retention,
 * held in an api's memory (ZeroRetentionJobs); the api starts, reads and cancels them.
 */
@Injectable()
export class CrawlJobs {
  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    private readonly bus: CommandBus,
    private readonly scrapes: ScrapeService,
    private readonly credits: CreditsService,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly zeroRetention: ZeroRetentionScrapes,
    private readonly heldJobs: ZeroRetentionJobs,
  ) {}

  async startCrawl(caller: Caller, crawl: ValidCrawlRequest, correlationId: string) {
    this.refuseWhatCannotRun(crawl.scrapeRequest);
    const crawlId = uuidv7();
    // As Firecrawl does, a metered team's crawl reads no more pages than its credits left pay for.
    const balance = await this.credits.balance(caller.teamId);
    const affordable = balance.metered
      ? Math.max(1, Math.floor(balance.remainingCredits / pageCredits(crawl.scrapeRequest)))
      : crawl.options.limit;
    const returnLinks = crawl.scrapeRequest.formats.some((format) => format.type === 'links');
    await this.begin(
      caller,
      {
        type: 'StartCrawl',
        data: {
          crawlId,
          teamId: caller.teamId,
          ...apiKeyOf(caller),
          url: crawl.url,
          options: { ...crawl.options, limit: Math.min(crawl.options.limit, affordable) },
          scrapeRequest: crawl.scrapeRequest,
          returnLinks,
          ...(crawl.webhook ? { webhook: crawl.webhook } : {}),
          at: new Date().toISOString(),
        },
      },
      correlationId,
    );
    return { success: true, id: crawlId, url: this.jobUrl('crawl', crawlId) };
  }

  /** A batch scrape, or with `extract` an extract job (its pages scraped for the json format). */
  async startBatch(
    caller: Caller,
    batch: ValidBatchScrapeRequest,
    correlationId: string,
    extract?: ExtractOptions,
  ) {
    this.refuseWhatCannotRun(batch.scrapeRequest);
    const { teamId } = caller;
    if (!extract) await this.refuseUnaffordableBatch(teamId, batch);
    const at = new Date().toISOString();
    const crawlId = batch.appendToId?.toLowerCase() ?? uuidv7();
    if (batch.appendToId) {
      // Another team's batch, a crawl or expired results answer 404 before anything is appended.
      const target = await this.window('batch', teamId, { crawlId, skip: 0, take: 0 });
      if (target.documents) {
        throw new TrawlError(
          'BAD_REQUEST',
          `Batch scrape ${crawlId} runs with zero data retention in an api's memory: it takes no more URLs`,
          [{ path: ['appendToId'], message: 'appendToId names a zero-data-retention batch' }],
        );
      }
      const { urls, scrapeRequest } = batch;
      await this.send(
        'AppendBatchScrape',
        { crawlId, teamId, urls, scrapeRequest, at, ...apiKeyOf(caller) },
        correlationId,
      );
    } else {
      await this.begin(
        caller,
        {
          type: 'StartBatchScrape',
          data: {
            crawlId,
            teamId,
            ...apiKeyOf(caller),
            urls: batch.urls,
            maxConcurrency: batch.maxConcurrency,
            scrapeRequest: batch.scrapeRequest,
            ...(batch.webhook ? { webhook: batch.webhook } : {}),
            ...(extract ? { extract } : {}),
            at,
          },
        },
        correlationId,
      );
    }
    return {
      success: true,
      id: crawlId,
      url: this.jobUrl(extract ? 'extract' : 'batch', crawlId),
      ...(batch.invalidURLs.length > 0 ? { invalidURLs: batch.invalidURLs } : {}),
    };
  }

  /**
   * A zero-data-retention (or lockdown) job runs in this api's memory, checked as each of its pages
   * would be before any is scraped; any other is core's stored aggregate.
   */
  private async begin(caller: Caller, command: StartCrawl | StartBatchScrape, correlationId: string) {
    if (command.data.scrapeRequest.zeroDataRetention) {
      await this.zeroRetention.authorize(caller.teamId, command.data.scrapeRequest);
      this.heldJobs.start(caller, command, correlationId);
    } else {
      await this.send(command.type, command.data, correlationId);
    }
  }

  /**
   * As Firecrawl's credit check does (a batch needs a credit per URL), a metered team's batch whose
   * pages cost more than the credits it has left is refused before any page is scraped.
   */
  private async refuseUnaffordableBatch(teamId: string, batch: ValidBatchScrapeRequest) {
    const balance = await this.credits.balance(teamId);
    if (!balance.metered) return;
    const cost = batch.urls.length * pageCredits(batch.scrapeRequest);
    if (cost > balance.remainingCredits) {
      const pages = `${batch.urls.length} page${batch.urls.length === 1 ? '' : 's'}`;
      throw insufficientCredits(
        `${pages} cost at least ${cost} credits and this team has ${balance.remainingCredits} left`,
      );
    }
  }

  async status(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
    skip: number,
    take: number,
  ): Promise<CrawlStatusPage> {
    const { view, documents } = await this.window(kind, teamId, { crawlId, skip, take });
    const data = documents
      ? documents.map((document) => crawledDocumentForClient(document, view.returnLinks))
      : await Promise.all(view.documentBlobs.map((blob) => this.document(blob, view.returnLinks)));
    const reached = skip + data.length;
    return {
      success: true,
      status: view.status,
      total: view.total,
      completed: view.completed,
      creditsUsed: view.creditsUsed,
      expiresAt: view.expiresAt,
      ...(reached < view.scrapedPages
        ? { next: `${this.jobUrl(kind, crawlId)}?skip=${reached}&limit=${take}` }
        : {}),
      data,
    };
  }

  async errors(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
  ): Promise<{ errors: CrawlError[]; robotsBlocked: string[] }> {
    const view = await this.view(kind, teamId, { crawlId, skip: 0, take: 0 });
    return { errors: view.errors, robotsBlocked: view.robotsBlocked };
  }

  async cancel(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
    correlationId: string,
  ): Promise<CrawlStatus> {
    const target = await this.window(kind, teamId, { crawlId, skip: 0, take: 0 });
    if (target.documents) {
      const held = await this.heldJobs.ask(crawlId, { op: 'cancel', teamId });
      if (!held) throw notFound(kind, crawlId);
      return held.view.status;
    }
    await this.send('CancelCrawl', { crawlId, teamId, at: new Date().toISOString() }, correlationId);
    return (await this.view(kind, teamId, { crawlId, skip: 0, take: 0 })).status;
  }

  /** An extract job's progress and every document its pages gave. */
  async extractPages(
    teamId: string,
    crawlId: string,
  ): Promise<{ view: CrawlView; documents: ScrapeDocument[] }> {
    const view = await this.view('extract', teamId, { crawlId, skip: 0, take: MAX_EXTRACT_URLS });
    const documents = await Promise.all(view.documentBlobs.map((blob) => this.document(blob, false)));
    return { view, documents };
  }

  /** Oldest first (crawl ids are time-ordered): core's stored crawls and those apis hold in memory. */
  async active(teamId: string): Promise<ActiveCrawlView[]> {
    const [stored, held] = await Promise.all([
      this.send<ActiveCrawlView[]>('ListActiveCrawls', { teamId } satisfies ListActiveCrawls),
      this.heldJobs.active(teamId),
    ]);
    return [...stored, ...held].sort((a, b) => a.id.localeCompare(b.id));
  }

  private async view(kind: CrawlKind, teamId: string, query: GetCrawl): Promise<CrawlView> {
    return (await this.window(kind, teamId, query)).view;
  }

  /**
   * The job's view, with the documents of the window when an api instance holds the job in memory
   * (zero data retention); a stored job's are read from the blob store. Another team's job, or a job
   * of the other kind, is as unknown as a missing one.
   */
  private async window(
    kind: CrawlKind,
    teamId: string,
    query: GetCrawl,
  ): Promise<HeldJobView | { view: CrawlView; documents?: undefined }> {
    // Stored jobs are the common case: only one the event store lacks is asked for among the apis.
    const found = await this.send<CrawlView>('GetCrawl', query).then(
      (view) => ({ view }),
      async (error: unknown) => {
        const unknown = error instanceof TrawlError && error.code === 'CRAWL_NOT_FOUND';
        const held =
          unknown && kind !== 'extract'
            ? await this.heldJobs.ask(query.crawlId, { op: 'view', skip: query.skip, take: query.take })
            : undefined;
        if (!held) throw error;
        return held;
      },
    );
    const { view } = found;
    if (view.teamId !== teamId || view.kind !== kind) throw notFound(kind, query.crawlId);
    if (Date.parse(view.expiresAt) < Date.now()) {
      throw new TrawlError('CRAWL_NOT_FOUND', `Results of ${query.crawlId} expired at ${view.expiresAt}`);
    }
    return found;
  }

  private async document(blob: string, returnLinks: boolean): Promise<ScrapeDocument> {
    const text = await this.blobs.getText(blob);
    if (!text) throw new TrawlError('UNKNOWN_ERROR', `A crawled document (${blob}) is missing`);
    const document = crawledDocumentForClient(JSON.parse(text) as ScrapeDocument, returnLinks);
    return this.scrapes.withSignedFiles(document);
  }

  private async send<Result = unknown>(
    command: string,
    payload: unknown,
    correlationId?: string,
  ): Promise<Result> {
    try {
      return await this.bus.send<Result>(CRAWL_CATEGORY, command, payload, { correlationId });
    } catch (error) {
      if (
        error instanceof CommandRejectedError &&
        (error.code === 'CRAWL_NOT_FOUND' || error.code === 'CRAWL_CANCELLED')
      ) {
        throw new TrawlError(error.code, error.message);
      }
      throw error;
    }
  }

  /** The page scrape options this server cannot honour. */
  private refuseWhatCannotRun(request: ScrapeRequest): void {
    refuseUnavailable(unavailableFeatures(request, availableFeatures(this.config)));
  }

  private jobUrl(kind: CrawlKind, crawlId: string): string {
    return `${this.config.publicUrl}/${ROUTE[kind]}/${crawlId}`;
  }
}

function notFound(kind: CrawlKind, crawlId: string): TrawlError {
  return new TrawlError('CRAWL_NOT_FOUND', `${NAME[kind]} ${crawlId} does not exist`);
}
