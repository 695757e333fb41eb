import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  apiKeyOf,
  type CheckStarted,
  type CrawlEvent,
  type CrawlTarget,
  crawlStreamId,
  monitorCheckCrawlId,
  monitorCrawlRequest,
} from '#contracts';
import { crawlDecider, crawlTargetPages, DomainError, fold, type PageToCheck } from '#domain';
import type { EventStore } from '#event-store';
import { executeCommand } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';
import { TeamTurns } from './team-turns.js';

/** How often a check looks whether its crawl has ended (the crawl watchdog guarantees it does). */
const CRAWL_POLL_MS = 1_000;

/**
 * A crawl target at one check: re-crawls the site with the target's options through the crawl
 * aggregate (the same crawl as `POST /v2/crawl`), waits for it to end, and lists the pages to
 * classify: those the crawl reached, and the known ones it no longer reached (`hidden`). At most
 * MONITOR_CRAWL_CONCURRENCY such crawls run at once per core, teams taking turns: each puts up to its
 * `maxConcurrency` pages at a time before the browsers, and its check reads its stream every second.
 */
@Injectable()
export class MonitorCrawlTargets {
  private readonly turns: TeamTurns;

  constructor(
    @Inject(TRAWL_CONFIG) config: TrawlConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.turns = new TeamTurns(config.monitorCrawlConcurrency);
  }

  /** Crawl targets waiting for their turn. */
  get waiting(): number {
    return this.turns.queued;
  }

  pagesOf(
    check: CheckStarted['data'],
    target: CrawlTarget,
    correlationId: string | undefined,
  ): Promise<PageToCheck[]> {
    return this.turns.run(check.teamId, () => this.crawl(check, target, correlationId));
  }

  private async crawl(
    check: CheckStarted['data'],
    target: CrawlTarget,
    correlationId: string | undefined,
  ): Promise<PageToCheck[]> {
    const request = monitorCrawlRequest(target);
    if (!request.ok) throw new Error(`Crawl target ${target.id} is invalid: ${request.error}`);
    const crawlId = monitorCheckCrawlId(check.checkId, target.id);
    const { url, options, scrapeRequest } = request.value;
    try {
      await executeCommand(
        this.store,
        crawlDecider,
        crawlStreamId(crawlId),
        {
          type: 'StartCrawl',
          data: {
            crawlId,
            teamId: check.teamId,
            ...apiKeyOf(check),
            url,
            options,
            scrapeRequest,
            returnLinks: false,
            at: now(),
          },
        },
        { correlationId, teamId: check.teamId },
      );
    } catch (error) {
      // A redelivered check: its crawl is already under way.
      if (!(error instanceof DomainError && error.code === 'CRAWL_ALREADY_EXISTS')) throw error;
    }
    for (;;) {
      const history = await this.store.readStream(crawlStreamId(crawlId));
      const crawl = fold(
        crawlDecider,
        history.map((e) => ({ type: e.type, data: e.data }) as CrawlEvent),
      );
      if (crawl.status !== 'initial' && crawl.status !== 'scraping')
        return crawlTargetPages(target, crawl, check.baselines);
      await new Promise((resolve) => setTimeout(resolve, CRAWL_POLL_MS));
    }
  }
}

const now = () => new Date().toISOString();
