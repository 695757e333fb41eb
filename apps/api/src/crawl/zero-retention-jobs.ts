import { type NatsConnection, NoRespondersError, type Subscription } from '@nats-io/transport-node';
import { type BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  type ActiveCrawlView,
  CRAWL_RESULT_TTL_MS,
  type CrawlCommand,
  type CrawlEvent,
  type CrawlView,
  type NatsNames,
  type PageDispatched,
  type PageOutcome,
  type StartBatchScrape,
  type StartCrawl,
  TrawlError,
} from '#contracts';
import {
  activeCrawlOf,
  type CrawlState,
  crawlDecider,
  crawlViewOf,
  DomainError,
  nextDispatchAt,
} from '#domain';
import { NATS_CONNECTION, NATS_NAMES, NoResponderError, replyInChunks, requestInChunks } from '#messaging';
import { LOGGER } from '#observability';
import { discoverCrawlSite } from '#site-discovery';
import type { Caller } from '../auth/caller.decorator.js';
import { ScrapeService } from '../scrape/scrape.service.js';

/** What any api instance asks the instance holding a zero-data-retention job. */
export type HeldJobAsk = { op: 'view'; skip: number; take: number } | { op: 'cancel'; teamId: string };

/** The holder's answer: the job's view, as core gives a stored job's, with the documents of its window. */
export interface HeldJobView {
  view: CrawlView;
  documents: ScrapeDocument[];
}

/** How long an asking instance waits for the holder's answer. */
const ASK_TIMEOUT_MS = 10_000;
/** Gathering every api's active crawls ends this long after the last answer (or at the timeout). */
const ACTIVE_STALL_MS = 250;

interface HeldJob {
  crawlId: string;
  caller: Caller;
  correlationId: string;
  state: CrawlState;
  /** Scraped pages' documents, by the page's scrape id (the `documentBlob` the crawl records). */
  documents: Map<string, ScrapeDocument>;
  subscription: Subscription;
  expiry: NodeJS.Timeout;
  delayed?: NodeJS.Timeout;
}

/**
 * Zero-data-retention (and lockdown) crawls and batch scrapes. Such a job runs the crawl decider,
 * the same one core runs on a stored stream, on a state held in the memory of the api instance that
 * accepted it: its pages are zero-data-retention scrapes (browser-worker to this api over core NATS,
 * charged by scrape id), and their documents stay in this process until the results expire. Any
 * api instance reads or cancels the job by asking this one on the job's own subject. Nothing of it
 * reaches the event store, a stream, a blob, a log line or a metric label; when this process stops,
 * the job and its results are gone.
 */
@Injectable()
export class ZeroRetentionJobs implements BeforeApplicationShutdown {
  private readonly held = new Map<string, HeldJob>();
  private activeQueries?: Subscription;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly scrapes: ScrapeService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Starts the job in this process; it runs on after the answer, as a stored one does. */
  start(caller: Caller, command: StartCrawl | StartBatchScrape, correlationId: string): void {
    const { crawlId } = command.data;
    const job: HeldJob = {
      crawlId,
      caller,
      correlationId,
      state: crawlDecider.initialState(),
      documents: new Map(),
      subscription: this.nc.subscribe(this.names.zeroRetentionJobSubject(crawlId), {
        callback: (err, msg) => {
          if (!err && msg.reply) replyInChunks(this.nc, msg.reply, this.answer(job, msg.json<HeldJobAsk>()));
        },
      }),
      expiry: setTimeout(() => this.forget(crawlId), CRAWL_RESULT_TTL_MS),
    };
    this.held.set(crawlId, job);
    this.listenForActiveQueries();
    this.execute(job, command);
  }

  /** Asks whichever api instance holds the job; undefined when none does (a stored job, or none). */
  async ask(crawlId: string, query: HeldJobAsk): Promise<HeldJobView | undefined> {
    try {
      return await requestInChunks<HeldJobView>(
        this.nc,
        this.names.zeroRetentionJobSubject(crawlId),
        query,
        ASK_TIMEOUT_MS,
        () =>
          new TrawlError('SERVICE_UNAVAILABLE', `The api instance running job ${crawlId} does not answer`),
      );
    } catch (error) {
      if (error instanceof NoResponderError) return undefined;
      throw error;
    }
  }

  /**
   * An api that holds jobs answers for them: `GET /v2/crawl/active` gathers every holder's. Only
   * holders listen, so where none holds any (most deployments) NATS says so at once.
   */
  private listenForActiveQueries(): void {
    this.activeQueries ??= this.nc.subscribe(this.names.zeroRetentionActiveSubject, {
      callback: (err, msg) => {
        if (err || !msg.reply) return;
        const { teamId } = msg.json<{ teamId: string }>();
        const active = [...this.held.values()].flatMap(
          (job) => activeCrawlOf(job.state, job.crawlId, teamId) ?? [],
        );
        msg.respond(JSON.stringify(active));
      },
    });
  }

  /** The team's zero-data-retention crawls still scraping, on every api instance. */
  async active(teamId: string): Promise<ActiveCrawlView[]> {
    const crawls: ActiveCrawlView[] = [];
    try {
      const answers = await this.nc.requestMany(
        this.names.zeroRetentionActiveSubject,
        JSON.stringify({ teamId }),
        { strategy: 'stall', stall: ACTIVE_STALL_MS, maxWait: ASK_TIMEOUT_MS },
      );
      for await (const answer of answers) crawls.push(...answer.json<ActiveCrawlView[]>());
    } catch (error) {
      if (!(error instanceof NoRespondersError)) throw error;
    }
    return crawls;
  }

  /** Jobs end with the process that holds them: stop their pages and let go of their subjects. */
  beforeApplicationShutdown(): void {
    for (const crawlId of [...this.held.keys()]) this.forget(crawlId);
  }

  private answer(job: HeldJob, query: HeldJobAsk) {
    try {
      if (query.op === 'cancel') {
        this.execute(job, {
          type: 'CancelCrawl',
          data: { crawlId: job.crawlId, teamId: query.teamId, at: now() },
        });
      }
      const [skip, take] = query.op === 'view' ? [query.skip, query.take] : [0, 0];
      const view = crawlViewOf(job.state, job.crawlId, skip, take);
      const documents = view.documentBlobs.flatMap((key) => job.documents.get(key) ?? []);
      return { ok: true, value: { view, documents } satisfies HeldJobView } as const;
    } catch (error) {
      if (error instanceof DomainError)
        return { ok: false, code: error.code, message: error.message } as const;
      this.failedStep(job, error);
      return { ok: false, code: 'UNKNOWN_ERROR', message: 'The job could not be read' } as const;
    }
  }

  /** Decides, applies the events to the held state, then does what they ask for. */
  private execute(job: HeldJob, command: CrawlCommand): void {
    const events = crawlDecider.decide(command, job.state);
    for (const event of events) job.state = crawlDecider.evolve(job.state, event);
    for (const event of events) this.react(job, event);
    this.dispatchAfterDelay(job);
  }

  private react(job: HeldJob, event: CrawlEvent): void {
    if (event.type === 'CrawlStarted' && event.data.kind === 'crawl') {
      void discoverCrawlSite(event.data, this.config).then((site) =>
        this.whileHeld(job, {
          type: 'RecordSiteDiscovery',
          data: { crawlId: job.crawlId, ...site, at: now() },
        }),
      );
    }
    if (event.type === 'PageDispatched') {
      void this.scrapePage(job, event.data).then((outcome) =>
        this.whileHeld(job, {
          type: 'RecordPageOutcome',
          data: { crawlId: job.crawlId, scrapeId: event.data.scrapeId, outcome, at: now() },
        }),
      );
    }
  }

  /** A page as a zero-data-retention scrape; its document is kept under the page's scrape id. */
  private async scrapePage(job: HeldJob, page: PageDispatched['data']): Promise<PageOutcome> {
    for (;;) {
      try {
        const document = await this.scrapes.scrape(job.caller, page.request, job.correlationId);
        // A cancelled job records no more pages: their documents are not kept either.
        if (job.state.status === 'scraping') job.documents.set(page.scrapeId, document);
        const { metadata } = document;
        return {
          status: 'scraped',
          finalUrl: typeof metadata.url === 'string' ? metadata.url : page.url,
          statusCode: Number(metadata.statusCode ?? 200),
          documentBlob: page.scrapeId,
          links: document.pageLinks ?? [],
          credits: Number(metadata.creditsUsed ?? 0),
        };
      } catch (error) {
        // The team's other requests held every slot for two thirds of the timeout: the page waits its turn again.
        const queued = error instanceof TrawlError && error.code === 'CONCURRENCY_QUEUE_TIMEOUT';
        if (queued && this.held.has(job.crawlId) && job.state.status === 'scraping') continue;
        return {
          status: 'failed',
          code: error instanceof TrawlError ? error.code : 'UNKNOWN_ERROR',
          error: error instanceof Error ? error.message : String(error),
        };
      }
    }
  }

  /** With a `delay`, the next page waits for it, as core's crawl runner makes it wait. */
  private dispatchAfterDelay(job: HeldJob): void {
    const due = nextDispatchAt(job.state);
    if (!due || job.delayed) return;
    job.delayed = setTimeout(
      () => {
        job.delayed = undefined;
        this.whileHeld(job, { type: 'DispatchPages', data: { crawlId: job.crawlId, at: now() } });
      },
      Math.max(0, Date.parse(due) - Date.now()),
    );
  }

  /** A forgotten job (expired, or its process stopping) takes no more steps. */
  private whileHeld(job: HeldJob, command: CrawlCommand): void {
    try {
      if (this.held.get(job.crawlId) === job) this.execute(job, command);
    } catch (error) {
      this.failedStep(job, error);
    }
  }

  /** Logged by the job's id and the error's name alone: a message may name a page. */
  private failedStep(job: HeldJob, error: unknown): void {
    const name = error instanceof Error ? error.name : typeof error;
    this.logger.error(
      { crawlId: job.crawlId, error: name, zeroDataRetention: true },
      'zero-data-retention job step failed',
    );
  }

  private forget(crawlId: string): void {
    const job = this.held.get(crawlId);
    if (!job) return;
    this.held.delete(crawlId);
    clearTimeout(job.expiry);
    clearTimeout(job.delayed);
    job.subscription.unsubscribe();
    if (this.held.size === 0) {
      this.activeQueries?.unsubscribe();
      this.activeQueries = undefined;
    }
  }
}

const now = () => new Date().toISOString();
