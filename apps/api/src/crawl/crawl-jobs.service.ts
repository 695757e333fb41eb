import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  type ActiveCrawlView,
  apiKeyOf,
  CRAWL_CATEGORY,
  type CrawlKind,
  type CrawlStatus,
  type CrawlView,
  crawledDocumentForClient,
  type ExtractOptions,
  type GetCrawl,
  type ListActiveCrawls,
  MAX_EXTRACT_URLS,
  type ScrapeRequest,
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
import {
  type HeldBatchAsk,
  type JobErrors,
  type JobStatusWindow,
  ZeroRetentionBatches,
} from './zero-retention-batches.js';

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

/** Crawls and batch scrapes: both are `crawl-<id>` aggregates in core; the api starts, reads and cancels them. */
@Injectable()
export class CrawlJobs {
  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    private readonly bus: CommandBus,
    private readonly scrapes: ScrapeService,
    private readonly credits: CreditsService,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly zeroRetention: ZeroRetentionScrapes,
    private readonly heldBatches: ZeroRetentionBatches,
  ) {}

  async startCrawl(caller: Caller, crawl: ValidCrawlRequest, correlationId: string) {
    this.refuseWhatCannotRun(crawl.scrapeRequest, crawl.unsupported);
    const crawlId = uuidv7();
    // As Firecrawl does, a metered team's crawl reads no more pages than its credits left pay for.
    const balance = await this.credits.balance(caller.teamId);
    const affordable = balance.metered
      ? Math.max(1, Math.floor(balance.remainingCredits / pageCredits(crawl.scrapeRequest)))
      : crawl.options.limit;
    const returnLinks = crawl.scrapeRequest.formats.some((format) => format.type === 'links');
    await this.send(
      'StartCrawl',
      {
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
    this.refuseWhatCannotRun(batch.scrapeRequest, []);
    const { teamId } = caller;
    if (!extract) await this.refuseUnaffordableBatch(teamId, batch);
    if (batch.scrapeRequest.zeroDataRetention) {
      // Checked as each of its pages would be, before any page is scraped.
      await this.zeroRetention.authorize(teamId, batch.scrapeRequest);
      const crawlId = this.heldBatches.start(caller, batch, correlationId);
      return { success: true, id: crawlId, url: this.jobUrl('batch', crawlId), ...invalidUrlsOf(batch) };
    }
    const at = new Date().toISOString();
    const crawlId = batch.appendToId?.toLowerCase() ?? uuidv7();
    if (batch.appendToId) {
      // Another team's batch, a crawl or expired results answer 404 before anything is appended.
      await this.view('batch', teamId, { crawlId, skip: 0, take: 0 });
      const { urls, scrapeRequest } = batch;
      await this.send(
        'AppendBatchScrape',
        { crawlId, teamId, urls, scrapeRequest, at, ...apiKeyOf(caller) },
        correlationId,
      );
    } else {
      await this.send(
        'StartBatchScrape',
        {
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
        correlationId,
      );
    }
    return {
      success: true,
      id: crawlId,
      url: this.jobUrl(extract ? 'extract' : 'batch', crawlId),
      ...invalidUrlsOf(batch),
    };
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
    const held = await this.askHolder<JobStatusWindow>(kind, teamId, crawlId, { op: 'status', skip, take });
    const { documents: data, ...view } = held ?? (await this.storedStatus(kind, teamId, crawlId, skip, take));
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

  /** A zero-data-retention batch is held in an api instance's memory, not stored: its holder answers. */
  private askHolder<T extends JobStatusWindow | JobErrors>(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
    ask: HeldBatchAsk,
  ): Promise<T | undefined> {
    return kind === 'batch' ? this.heldBatches.ask<T>(teamId, crawlId, ask) : Promise.resolve(undefined);
  }

  /** A stored job's status, with the documents of the window read from the blob store. */
  private async storedStatus(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
    skip: number,
    take: number,
  ): Promise<JobStatusWindow> {
    const view = await this.view(kind, teamId, { crawlId, skip, take });
    const documents = await Promise.all(
      view.documentBlobs.map((blob) => this.document(blob, view.returnLinks)),
    );
    return { ...view, documents };
  }

  async errors(kind: CrawlKind, teamId: string, crawlId: string): Promise<JobErrors> {
    const held = await this.askHolder<JobErrors>(kind, teamId, crawlId, { op: 'errors' });
    if (held) return held;
    const view = await this.view(kind, teamId, { crawlId, skip: 0, take: 0 });
    return { errors: view.errors, robotsBlocked: view.robotsBlocked };
  }

  async cancel(
    kind: CrawlKind,
    teamId: string,
    crawlId: string,
    correlationId: string,
  ): Promise<CrawlStatus> {
    const held = await this.askHolder<JobStatusWindow>(kind, teamId, crawlId, { op: 'cancel' });
    if (held) return held.status;
    await this.view(kind, teamId, { crawlId, skip: 0, take: 0 });
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

  active(teamId: string): Promise<ActiveCrawlView[]> {
    return this.send<ActiveCrawlView[]>('ListActiveCrawls', { teamId } satisfies ListActiveCrawls);
  }

  /** Another team's job, or a job of the other kind, is as unknown as a missing one. */
  private async view(kind: CrawlKind, teamId: string, query: GetCrawl): Promise<CrawlView> {
    const view = await this.send<CrawlView>('GetCrawl', query);
    if (view.teamId !== teamId || view.kind !== kind) throw notFound(kind, query.crawlId);
    if (Date.parse(view.expiresAt) < Date.now()) {
      throw new TrawlError('CRAWL_NOT_FOUND', `Results of ${query.crawlId} expired at ${view.expiresAt}`);
    }
    return view;
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

  /** The job's own refused options, and the page scrape options this server cannot honour. */
  private refuseWhatCannotRun(request: ScrapeRequest, jobOptions: string[]): void {
    refuseUnavailable([...jobOptions, ...unavailableFeatures(request, availableFeatures(this.config))]);
  }

  private jobUrl(kind: CrawlKind, crawlId: string): string {
    return `${this.config.publicUrl}/${ROUTE[kind]}/${crawlId}`;
  }
}

function invalidUrlsOf(batch: ValidBatchScrapeRequest): { invalidURLs?: string[] } {
  return batch.invalidURLs.length > 0 ? { invalidURLs: batch.invalidURLs } : {};
}

function notFound(kind: CrawlKind, crawlId: string): TrawlError {
  return new TrawlError('CRAWL_NOT_FOUND', `${NAME[kind]} ${crawlId} does not exist`);
}
