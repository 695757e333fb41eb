import type { ActiveCrawlView, CrawlView } from '#contracts';
import { DomainError } from '../decider/decider.js';
import type { CrawlState } from './crawl.decider.js';

/** A job's progress as `GET /v2/crawl/{id}` reads it, with the document keys of one window. */
export function crawlViewOf(state: CrawlState, crawlId: string, skip: number, take: number): CrawlView {
  if (state.status === 'initial') throw new DomainError('CRAWL_NOT_FOUND', `Crawl ${crawlId} does not exist`);
  return {
    crawlId,
    teamId: state.teamId,
    kind: state.kind,
    status: state.status,
    total: state.admitted,
    completed: state.scraped.length + state.errors.length,
    creditsUsed: state.scraped.reduce((sum, page) => sum + page.credits, 0),
    expiresAt: state.expiresAt,
    returnLinks: state.returnLinks,
    scrapedPages: state.scraped.length,
    documentBlobs: state.scraped.slice(skip, skip + take).map((page) => page.documentBlob),
    // Copies: a kept crawl state grows in place (core's CrawlStates).
    errors: [...state.errors],
    robotsBlocked: [...state.robotsBlocked],
    ...(state.extract ? { extract: state.extract } : {}),
  };
}

/**
 * A team's crawl as `GET /v2/crawl/active` lists it, while it scrapes; batch scrapes are not crawls
 * there, as in Firecrawl.
 */
export function activeCrawlOf(
  state: CrawlState,
  crawlId: string,
  teamId: string,
): ActiveCrawlView | undefined {
  if (state.status !== 'scraping' || state.teamId !== teamId || state.kind !== 'crawl') return undefined;
  const { url: _url, ...scrapeOptions } = state.scrapeRequest;
  return { id: crawlId, teamId, url: state.startUrl, options: { ...state.options, scrapeOptions } };
}
