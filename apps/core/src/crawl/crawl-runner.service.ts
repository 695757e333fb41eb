import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  apiKeyOf,
  CRAWL_CATEGORY,
  type CrawlEvent,
  type CrawlStarted,
  type EventMetadata,
  type NatsNames,
  type PageDispatched,
  type PageOutcome,
  type RecordedEvent,
  SCRAPE_CATEGORY,
  type ScrapeCompleted,
  type ScrapeFailed,
  scrapeStreamId,
} from '#contracts';
import {
  cachedPage,
  completedScrapeBasis,
  creditBalance,
  DomainError,
  hasCreditsLeft,
  nextDispatchAt,
  operationCost,
  scrapeDecider,
} from '#domain';
import type { EventStore } from '#event-store';
import {
  BLOB_STORE,
  type BlobStore,
  CacheIndex,
  CreditTotalsReader,
  consumeEvents,
  NATS_CONNECTION,
  NATS_NAMES,
  type RunningConsumer,
} from '#messaging';
import { LOGGER } from '#observability';
import { discoverCrawlSite } from '#site-discovery';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { PageHandedBack, TeamPageSlots } from '../team-page-slots/team-page-slots.service.js';
import { AgentNavigator, type AgentPage } from './agent-navigator.service.js';
import { CrawlStates } from './crawl-states.service.js';
import { CrawlWatchdog } from './crawl-watchdog.service.js';

/**
 * Drives crawls. The crawl aggregate decides everything (what to queue, what to dispatch, when it
 * is done); this process does the I/O around it, each step from a durable JetStream consumer so
 * that a crash means redelivery, never a stalled crawl:
 * - `CrawlStarted` → fetch robots.txt and sitemaps → `RecordSiteDiscovery`;
 * - `PageDispatched` → a slot of the team's concurrency (`TeamPageSlots`) → `StartScrape` with the
 *   crawl's id (browser-workers pick it up as any scrape);
 * - a crawl page's `ScrapeCompleted`/`ScrapeFailed` → `RecordPageOutcome` with the page's links (an
 *   agent run's: those `AgentNavigator` picks).
 */
@Injectable()
export class CrawlRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: Logger;
  private consumers: RunningConsumer[] = [];
  private readonly cache: CacheIndex;
  private readonly credits: CreditTotalsReader;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly watchdog: CrawlWatchdog,
    private readonly navigator: AgentNavigator,
    private readonly slots: TeamPageSlots,
    private readonly crawls: CrawlStates,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'crawl-runner' });
    this.cache = new CacheIndex(nc, names);
    this.credits = new CreditTotalsReader(nc, names);
  }

  async onApplicationBootstrap() {
    const onError = (error: unknown, event: RecordedEvent | undefined) =>
      error instanceof PageHandedBack
        ? this.logger.info({ eventId: event?.id }, error.message)
        : this.logger.error(
            { err: error, eventId: event?.id, type: event?.type },
            'crawl step failed; retrying',
          );
    this.consumers = await Promise.all([
      consumeEvents(this.nc, this.names, {
        worker: 'crawl_runner',
        category: CRAWL_CATEGORY,
        concurrency: 16,
        ackWaitMs: this.config.workerAckWaitMs,
        handle: (event) => this.onCrawlEvent(event),
        onError,
      }),
      // Apart, since a page may wait long for a slot of its team: other teams' pages must not wait behind it.
      consumeEvents(this.nc, this.names, {
        worker: 'crawl_runner_dispatch',
        category: CRAWL_CATEGORY,
        type: 'PageDispatched',
        concurrency: PAGES_WAITING_AT_ONCE,
        ackWaitMs: this.config.workerAckWaitMs,
        handle: (event) => this.startScrape(event.data as PageDispatched['data'], metadataOf(event)),
        onError,
      }),
      consumeEvents(this.nc, this.names, {
        worker: 'crawl_runner_pages',
        category: SCRAPE_CATEGORY,
        concurrency: 16,
        ackWaitMs: this.config.workerAckWaitMs,
        handle: (event) => this.onScrapeEvent(event),
        onError,
      }),
    ]);
  }

  private async onCrawlEvent(recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as CrawlEvent;
    const metadata = metadataOf(recorded);
    // A batch that had finished comes back under watch when pages are appended to it.
    if (event.type === 'CrawlStarted' || event.type === 'BatchPagesAppended')
      await this.watchdog.watch(event.data.crawlId, event.data.teamId);
    if (event.type === 'CrawlStarted' && event.data.kind === 'crawl')
      await this.discover(event.data, metadata);
  }

  private async discover(crawl: CrawlStarted['data'], metadata: EventMetadata) {
    const site = await discoverCrawlSite(crawl, this.config);
    await this.crawls.execute(
      crawl.crawlId,
      { type: 'RecordSiteDiscovery', data: { crawlId: crawl.crawlId, ...site, at: now() } },
      metadata,
    );
  }

  /**
   * A page the cache holds a young enough copy of (the request's `maxAge`, as for a scrape) is
   * converted from that copy, without a browser visit; a cache-only page (`minAge`) without one fails.
   * A page for the browser first takes a slot of its team's concurrency.
   */
  private async startScrape(page: PageDispatched['data'], metadata: EventMetadata) {
    const { scrapeId, teamId, request, crawlId } = page;
    // A redelivered dispatch: the page's scrape is already under way.
    if (await this.scrapeExists(scrapeId)) return;
    // One read long after it was written (after an outage, or by a consumer new to the stream) may
    // be of a page its crawl no longer waits for.
    const fresh = Date.now() - Date.parse(page.at) < FRESH_DISPATCH_MS;
    if (!fresh && !(await this.stillInFlight(crawlId, scrapeId))) return;
    if (await this.spentSinceStart(teamId)) {
      const error = 'The team has no credits left: the page was not scraped';
      await this.recordOutcome(
        crawlId,
        scrapeId,
        { status: 'failed', code: 'INSUFFICIENT_CREDITS', error },
        metadata,
      );
      return;
    }
    const verdict = await this.cache.verdict(teamId, request);
    if (verdict.use === 'refuse') {
      const outcome: PageOutcome = { status: 'failed', code: verdict.code, error: verdict.message };
      await this.recordOutcome(crawlId, scrapeId, outcome, metadata);
      return;
    }
    const cached = verdict.use === 'cache' ? { cached: cachedPage(verdict.entry) } : {};
    const waited =
      verdict.use !== 'cache' && (await this.slots.take(teamId, scrapeId, request.timeout, 'crawl'));
    if (waited && !(await this.stillInFlight(crawlId, scrapeId))) {
      // Cancelled, or failed by the watchdog, while it waited: nothing to scrape.
      await this.slots.release(teamId, scrapeId);
      return;
    }
    try {
      await executeCommand(
        this.store,
        scrapeDecider,
        scrapeStreamId(scrapeId),
        {
          type: 'StartScrape',
          data: {
            scrapeId,
            teamId,
            ...apiKeyOf(page),
            request,
            crawlId,
            at: now(),
            ...cached,
          },
        },
        { ...metadata, teamId },
      );
    } catch (error) {
      // A redelivered dispatch: the page's scrape is already under way.
      if (!(error instanceof DomainError && error.code === 'SCRAPE_ALREADY_EXISTS')) throw error;
    }
  }

  private async scrapeExists(scrapeId: string): Promise<boolean> {
    return (await this.store.readStream(scrapeStreamId(scrapeId), { maxCount: 1 })).length > 0;
  }

  /**
   * Whether a metered team has no credits left for a page. The crawl's limit was set from its
   * credits at the start; scrapes elsewhere may have spent them since.
   */
  private async spentSinceStart(teamId: string): Promise<boolean> {
    const balance = creditBalance(await this.credits.of(teamId), this.config.defaultTeamCredits);
    return !hasCreditsLeft(balance);
  }

  private async onScrapeEvent(recorded: RecordedEvent) {
    if (recorded.type !== 'ScrapeCompleted' && recorded.type !== 'ScrapeFailed') return;
    const data = recorded.data as (ScrapeCompleted | ScrapeFailed)['data'];
    if (!data.crawlId) return;
    const teamId = data.teamId ?? recorded.metadata.teamId;
    if (teamId)
      await this.slots.release(
        teamId,
        data.scrapeId,
        recorded.type === 'ScrapeCompleted' ? (data as ScrapeCompleted['data']).completedAt : undefined,
      );
    const outcome: PageOutcome =
      recorded.type === 'ScrapeCompleted'
        ? await this.scrapedOutcome(
            data.crawlId,
            data as ScrapeCompleted['data'],
            recorded.metadata.correlationId,
          )
        : {
            status: 'failed',
            code: (data as ScrapeFailed['data']).code,
            error: (data as ScrapeFailed['data']).error,
          };
    await this.recordOutcome(data.crawlId, data.scrapeId, outcome, {
      correlationId: recorded.metadata.correlationId,
    });
  }

  /** A page is done: the crawl records it, then dispatches what its `delay` held back. */
  private async recordOutcome(
    crawlId: string,
    scrapeId: string,
    outcome: PageOutcome,
    metadata: EventMetadata,
  ) {
    await this.crawls.execute(
      crawlId,
      { type: 'RecordPageOutcome', data: { crawlId, scrapeId, outcome, at: now() } },
      metadata,
    );
    await this.dispatchAfterDelay(crawlId, metadata);
  }

  private async scrapedOutcome(
    crawlId: string,
    data: ScrapeCompleted['data'],
    correlationId?: string,
  ): Promise<PageOutcome> {
    const text = await this.blobs.getText(data.documentBlob);
    const document = text
      ? (JSON.parse(text) as AgentPage & Pick<ScrapeDocument, 'links' | 'pageLinks'>)
      : {};
    // A crawl page carries the links it follows; a page with a json answer and its HTML may be an
    // agent run's, which records what it answered and follows only links that may answer the rest.
    const agentStep =
      document.json !== undefined && document.rawHtml !== undefined
        ? await this.navigator.nextStep(crawlId, data.scrapeId, document, correlationId)
        : undefined;
    return {
      status: 'scraped',
      finalUrl: data.url,
      statusCode: data.statusCode,
      documentBlob: data.documentBlob,
      // `links` for a page dispatched before crawls asked for pageLinks.
      links: agentStep?.links ?? document.pageLinks ?? document.links ?? [],
      credits: operationCost(completedScrapeBasis(data)),
      ...(agentStep?.itemLinks.length ? { itemLinks: agentStep.itemLinks } : {}),
      ...(agentStep ? { answered: agentStep.answered, answerComplete: agentStep.answerComplete } : {}),
    };
  }

  /**
   * With a `delay`, the page that just finished leaves the crawl idle until the delay has passed.
   * This job holds its message (heart-beating) while it waits, so a crash re-runs the wait.
   */
  private async dispatchAfterDelay(crawlId: string, metadata: EventMetadata) {
    for (;;) {
      const due = await this.crawls.read(crawlId, nextDispatchAt);
      if (!due) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(due) - Date.now())));
      await this.crawls.execute(crawlId, { type: 'DispatchPages', data: { crawlId, at: now() } }, metadata);
    }
  }

  private stillInFlight(crawlId: string, scrapeId: string): Promise<boolean> {
    return this.crawls.read(crawlId, (crawl) => crawl.status === 'scraping' && crawl.inFlight.has(scrapeId));
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}

const now = () => new Date().toISOString();
const metadataOf = (recorded: RecordedEvent): EventMetadata => ({
  correlationId: recorded.metadata.correlationId,
  teamId: recorded.metadata.teamId,
});
/** A dispatch read within this long of its writing is taken as current, without reading its crawl. */
const FRESH_DISPATCH_MS = 10_000;
/**
 * Dispatched pages this core holds at once, most of them waiting for a slot of their team (a team's
 * look for slots is one change of its document, however many of its pages wait). Past this many,
 * further dispatches, other teams' too, wait in JetStream until one ends.
 */
const PAGES_WAITING_AT_ONCE = 2_000;
