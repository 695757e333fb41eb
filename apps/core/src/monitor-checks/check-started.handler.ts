import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ContentPool, type MarkdownComparison, type ScrapeDocument } from '#content';
import {
  apiKeyOf,
  type CheckPage,
  type CheckStarted,
  MONITOR_CATEGORY,
  type MonitorCommand,
  type MonitorTarget,
  monitorScrapeOptions,
  monitorStreamId,
  type NatsNames,
  type PageSnapshot,
  pageKey,
  type ScrapeCommand,
  type ScrapeRequest,
  scrapeStreamId,
  validateScrapeRequest,
} from '#contracts';
import {
  asAddedLines,
  becomesBaseline,
  classifyPage,
  monitorDecider,
  type PageToCheck,
  scrapeDecider,
  tracksJson,
} from '#domain';
import type { EventStore } from '#event-store';
import { ModelMeter } from '#llm';
import {
  BLOB_STORE,
  type BlobStore,
  consumeEvents,
  NATS_CONNECTION,
  NATS_NAMES,
  type RunningConsumer,
  ScrapeOutcomeWaiter,
} from '#messaging';
import { LOGGER, registerSampledGauge } from '#observability';
import { judgeChangeLocally } from '#structured';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { PageHandedBack, TeamPageSlots } from '../team-page-slots/team-page-slots.service.js';
import { MonitorCrawlTargets } from './crawl-target.service.js';
import { compareJsonSnapshots, type JsonPageComparison } from './json-snapshots.js';
import { judgeChangeWithModel } from './model-judge.js';
import { MonitorSearchTargets } from './search-target.service.js';
import { TeamTurns } from './team-turns.js';

/** After a page's own scrape timeout, wait this much longer for the worker's verdict. */
const TIMEOUT_GRACE_MS = 5_000;

/**
 * Runs a check when CheckStarted arrives: scrapes every URL of every scrape target through the
 * scrape pipeline (never from the cache), compares each page's markdown with its baseline using
 * change tracking's comparison, records every page, then completes the check. Many checks run at
 * once (MONITOR_CHECK_CONCURRENCY): they mostly wait, for pages or for a crawl. A page to scrape
 * takes a slot of its team's concurrency (CONCURRENCY_PER_TEAM, with the team's scrapes and crawls),
 * then one of the MONITOR_PAGE_CONCURRENCY slots of this process, teams taking turns, so one team's
 * big checks do not hold back every other team's. A durable queue consumer: if this process dies
 * mid-check another instance redelivers it, and pages already recorded are ignored by the monitor
 * aggregate.
 */
@Injectable()
export class CheckStartedHandler
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger: Logger;
  private consumer?: RunningConsumer;
  private waiter?: ScrapeOutcomeWaiter;
  private pool?: ContentPool;
  private readonly turns: TeamTurns;
  private stopping = false;
  private unregisterGauge?: () => void;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(LOGGER) logger: Logger,
    private readonly models: ModelMeter,
    private readonly crawlTargets: MonitorCrawlTargets,
    private readonly searchTargets: MonitorSearchTargets,
    private readonly slots: TeamPageSlots,
  ) {
    this.logger = logger.child({ component: 'monitor-checks' });
    this.turns = new TeamTurns(config.monitorPageConcurrency);
  }

  /**
   * The configured model judges changes against the goal, its tokens the usage of the monitor's
   * team and key under the check's id; without one, the labelled local judge.
   */
  private judge(
    check: CheckStarted['data'],
    goal: string,
    diffText: string,
    correlationId: string | undefined,
  ) {
    const llm = this.models.for({
      teamId: check.teamId,
      ...apiKeyOf(check),
      operationId: check.checkId,
      correlationId,
    });
    return llm ? judgeChangeWithModel(llm, goal, diffText) : judgeChangeLocally(goal, diffText);
  }

  async onApplicationBootstrap() {
    this.unregisterGauge = registerSampledGauge({
      name: 'trawl_monitor_turns_waiting',
      help: "Monitor checks' pages waiting for a page slot, and crawl targets for a crawl slot, in this core",
      labelNames: ['for'],
      sample: () => [
        { labels: { for: 'page' }, value: this.turns.queued },
        { labels: { for: 'crawl' }, value: this.crawlTargets.waiting },
      ],
    });
    this.waiter = new ScrapeOutcomeWaiter(this.nc, this.names);
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'monitor_checks',
      category: MONITOR_CATEGORY,
      type: 'CheckStarted',
      concurrency: this.config.monitorCheckConcurrency,
      ackWaitMs: this.config.workerAckWaitMs,
      handle: (event) => this.runCheck(event.data as CheckStarted['data'], event.metadata.correlationId),
      onError: (error, event) =>
        this.stopping || error instanceof PageHandedBack
          ? this.logger.info({ eventId: event?.id }, 'monitor check handed back: core is stopping')
          : this.logger.error({ err: error, eventId: event?.id }, 'monitor check failed'),
    });
  }

  private async runCheck(check: CheckStarted['data'], correlationId: string | undefined) {
    const log = this.logger.child({ correlationId, monitorId: check.monitorId, checkId: check.checkId });
    const pages: PageToCheck[] = [];
    let error: string | undefined;
    try {
      for (const target of check.targets) pages.push(...(await this.pagesOf(check, target, correlationId)));
      // Pages are scraped in parallel, taking turns with other teams' checks, but recorded one after
      // the other: parallel appends to the one monitor stream would only fight over its revision.
      let recorded: Promise<unknown> = Promise.resolve();
      const checked = pages.map(async (toCheck) => {
        const { page, snapshot } = await this.checkPage(check, toCheck, correlationId);
        const record = recorded.then(() =>
          this.monitorCommand(
            check.monitorId,
            {
              type: 'RecordPageChecked',
              data: { monitorId: check.monitorId, checkId: check.checkId, page, snapshot, at: now() },
            },
            check.teamId,
            correlationId,
          ),
        );
        recorded = record.catch(() => undefined);
        await record;
      });
      const failed = (await Promise.allSettled(checked)).find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    } catch (failure) {
      // Core is stopping (pages waiting for a slot were handed back, or the store closed under the
      // check): the check goes back to the queue unfinished, for another instance to finish.
      if (this.stopping || failure instanceof PageHandedBack) throw failure;
      error = `The check could not finish: ${String(failure)}`;
      log.error({ err: failure }, 'monitor check aborted');
    }
    await this.monitorCommand(
      check.monitorId,
      {
        type: 'CompleteCheck',
        data: { monitorId: check.monitorId, checkId: check.checkId, ...(error ? { error } : {}), at: now() },
      },
      check.teamId,
      correlationId,
    );
    log.info({ pages: pages.length }, 'monitor check completed');
  }

  /** The pages a target names at this check: a scrape target's URLs, a crawl's pages, a search's results. */
  private pagesOf(
    check: CheckStarted['data'],
    target: MonitorTarget,
    correlationId: string | undefined,
  ): Promise<PageToCheck[]> | PageToCheck[] {
    switch (target.type) {
      case 'scrape':
        return target.urls.map((url) => ({ targetId: target.id, url, scrapeOptions: target.scrapeOptions }));
      case 'crawl':
        return this.crawlTargets.pagesOf(check, target, correlationId);
      case 'search':
        return this.searchTargets.pagesOf(check.teamId, target);
    }
  }

  private async checkPage(
    check: CheckStarted['data'],
    toCheck: PageToCheck,
    correlationId: string | undefined,
  ): Promise<{ page: CheckPage; snapshot: PageSnapshot | null }> {
    const { targetId, url, visibility } = toCheck;
    const baseline = check.baselines[pageKey(targetId, url)];
    const page: CheckPage = {
      id: uuidv7(),
      targetId,
      url,
      status: 'error',
      previousScrapeId: baseline?.scrapeId ?? null,
      currentScrapeId: null,
      statusCode: null,
      error: null,
      metadata: null,
      diff: null,
      snapshot: null,
      judgment: null,
      ...(visibility ? { visibility } : {}),
      createdAt: now(),
    };
    const scraped = toCheck.crawled
      ? await this.crawledDocument(toCheck.crawled, toCheck.scrapeOptions, url)
      : await this.scrape(check, toCheck.scrapeOptions, url, correlationId);
    if (!scraped.ok) return { page: { ...page, error: scraped.error }, snapshot: null };
    const { scrapeId, documentBlob, document } = scraped;
    const statusCode = Number(document.metadata.statusCode ?? 0);
    // A page reported removed has nothing to compare with until it is back: then it is new again.
    const reportedRemoved = baseline?.removedAt !== undefined;
    const previous = baseline && !reportedRemoved ? await this.markdownOf(baseline.documentBlob) : undefined;
    const hasBaseline = previous !== undefined;
    const json = scraped.tracksJson
      ? await compareJsonSnapshots(this.blobs, scrapeId, hasBaseline ? baseline?.scrapeId : undefined)
      : undefined;
    let comparison: MarkdownComparison | JsonPageComparison['comparison'];
    if (hasBaseline && statusCode < 400)
      comparison = json
        ? json.comparison
        : await this.contentPool().compare(previous, document.markdown ?? '');
    const { status, error } = classifyPage({
      outcome: 'scraped',
      statusCode,
      hasBaseline,
      comparison: comparison?.changeStatus,
      reportedRemoved,
    });
    const diff = status === 'changed' && comparison?.diff ? comparison.diff : null;
    // A search result, a page a crawl found since its first check, or a removed page back again is news
    // in itself: when new, it is judged against the goal as if all of it were added.
    const newsWhenNew = toCheck.judgeWhenNew || reportedRemoved;
    const judged =
      diff?.text ?? (status === 'new' && newsWhenNew ? asAddedLines(document.markdown ?? '') : null);
    const judgment =
      judged !== null && check.judgeEnabled && check.goal
        ? await this.judge(check, check.goal, judged, correlationId)
        : null;
    return {
      page: {
        ...page,
        status,
        error,
        previousScrapeId: status === 'new' ? null : (baseline?.scrapeId ?? null),
        currentScrapeId: scrapeId,
        statusCode,
        metadata: document.metadata as Record<string, unknown>,
        diff,
        snapshot: json?.current ?? null,
        judgment,
      },
      snapshot: becomesBaseline(status, statusCode) ? { scrapeId, documentBlob, checkedAt: now() } : null,
    };
  }

  /** A page the target's crawl already scraped (or failed), with the same scrape options. */
  private async crawledDocument(
    crawled: NonNullable<PageToCheck['crawled']>,
    scrapeOptions: Record<string, unknown> | undefined,
    url: string,
  ): Promise<Scraped> {
    if ('error' in crawled) return { ok: false, error: crawled.error };
    const text = await this.blobs.getText(crawled.documentBlob);
    if (text === undefined)
      return { ok: false, error: `The document of scrape ${crawled.scrapeId} is missing` };
    const validated = monitorPageRequest(scrapeOptions, url);
    return {
      ok: true,
      ...crawled,
      document: JSON.parse(text) as ScrapeDocument,
      tracksJson: validated.ok && tracksJson(validated.value),
    };
  }

  /** One scrape through the same pipeline as POST /v2/scrape, with markdown and no cache. */
  private async scrape(
    check: CheckStarted['data'],
    scrapeOptions: Record<string, unknown> | undefined,
    url: string,
    correlationId: string | undefined,
  ): Promise<Scraped> {
    const validated = monitorPageRequest(scrapeOptions, url);
    if (!validated.ok) return { ok: false, error: `Invalid scrape options: ${validated.error}` };
    const request = validated.value;
    const scrapeId = uuidv7();
    const { teamId } = check;
    // The team's concurrency first, then this core's turn: a page that waits on its own team's limit
    // holds no page slot that another team's check could use.
    await this.slots.take(teamId, scrapeId, request.timeout, 'monitor');
    let succeededAt: string | undefined;
    try {
      const scraped = await this.turns.run(teamId, () =>
        this.scrapeNow(check, request, scrapeId, correlationId),
      );
      if (scraped.ok) succeededAt = now();
      return scraped;
    } finally {
      await this.slots
        .release(teamId, scrapeId, succeededAt)
        .catch((error) =>
          this.logger.warn({ err: error, scrapeId }, 'slot not released; its lease frees it'),
        );
    }
  }

  /** Starts the page's scrape and waits for its outcome. */
  private async scrapeNow(
    check: CheckStarted['data'],
    request: ScrapeRequest,
    scrapeId: string,
    correlationId: string | undefined,
  ): Promise<Scraped> {
    const waiter = this.waiter as ScrapeOutcomeWaiter;
    const outcome = waiter.waitFor(scrapeId, request.timeout + TIMEOUT_GRACE_MS);
    const { teamId } = check;
    await this.scrapeCommand(
      { type: 'StartScrape', data: { scrapeId, teamId, request, at: now(), ...apiKeyOf(check) } },
      teamId,
      correlationId,
    );
    const result = await outcome;
    switch (result.type) {
      case 'ScrapeFailed':
        return { ok: false, error: `${result.data.code}: ${result.data.error}` };
      case 'timeout': {
        const error = `Scrape timed out after ${request.timeout} ms`;
        await this.scrapeCommand(
          { type: 'FailScrape', data: { scrapeId, code: 'SCRAPE_TIMEOUT', error, at: now() } },
          teamId,
          correlationId,
        );
        return { ok: false, error: `SCRAPE_TIMEOUT: ${error}` };
      }
      case 'ScrapeCompleted': {
        const text = await this.blobs.getText(result.data.documentBlob);
        if (text === undefined) return { ok: false, error: `The document of scrape ${scrapeId} is missing` };
        return {
          ok: true,
          scrapeId,
          documentBlob: result.data.documentBlob,
          document: JSON.parse(text) as ScrapeDocument,
          tracksJson: tracksJson(request),
        };
      }
    }
  }

  /** The baseline's markdown; undefined when its document is gone (the page then counts as new). */
  private async markdownOf(documentBlob: string): Promise<string | undefined> {
    const text = await this.blobs.getText(documentBlob);
    return text === undefined ? undefined : ((JSON.parse(text) as ScrapeDocument).markdown ?? '');
  }

  /** Diffing is CPU work: it runs in a worker thread, started on the first comparison. */
  private contentPool(): ContentPool {
    this.pool ??= new ContentPool(Math.max(1, Math.floor(this.config.extractorThreads / 2)));
    return this.pool;
  }

  private monitorCommand(
    monitorId: string,
    command: MonitorCommand,
    teamId: string,
    correlationId: string | undefined,
  ) {
    return executeCommand(this.store, monitorDecider, monitorStreamId(monitorId), command, {
      correlationId,
      teamId,
    });
  }

  private scrapeCommand(command: ScrapeCommand, teamId: string, correlationId: string | undefined) {
    return executeCommand(this.store, scrapeDecider, scrapeStreamId(command.data.scrapeId), command, {
      correlationId,
      teamId,
    });
  }

  /** First, so that a check whose pages are handed back goes back to the queue, not completed. */
  beforeApplicationShutdown() {
    this.stopping = true;
  }

  /** After every provider's first shutdown step, as the crawl runner: waiting pages are handed back by then. */
  async onApplicationShutdown() {
    this.unregisterGauge?.();
    await this.consumer?.stop();
    this.waiter?.close();
    await this.pool?.close();
  }
}

/** The scrape a monitor runs (or a crawl ran) for one page: the target's options, markdown, no cache. */
function monitorPageRequest(scrapeOptions: Record<string, unknown> | undefined, url: string) {
  return validateScrapeRequest({ ...monitorScrapeOptions(scrapeOptions), url });
}

type Scraped =
  | { ok: true; scrapeId: string; documentBlob: string; document: ScrapeDocument; tracksJson: boolean }
  | { ok: false; error: string };

const now = () => new Date().toISOString();
