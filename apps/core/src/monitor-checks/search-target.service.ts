import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, type SearchTarget, searchWindowStart } from '#contracts';
import { type PageToCheck, searchTargetPages } from '#domain';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { createSearchProvider, SearchIndex, type SearchProvider } from '#search';

const SEARCH_TIMEOUT_MS = 30_000;

/**
 * A search target at one check: runs each query through the search provider (SearXNG or the
 * local index, as `POST /v2/search` does) within the target's window, and lists the results'
 * pages, deduplicated, to be scraped and classified like any page.
 */
@Injectable()
export class MonitorSearchTargets {
  private readonly provider: SearchProvider;

  constructor(
    @Inject(TRAWL_CONFIG) config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.provider = createSearchProvider(config.searxngUrl, new SearchIndex(nc, names));
  }

  async pagesOf(teamId: string, target: SearchTarget): Promise<PageToCheck[]> {
    const since = searchWindowStart(target.searchWindow, new Date());
    const results = await Promise.all(
      target.queries.map((query) =>
        this.provider.search({
          teamId,
          query,
          limit: target.maxResults,
          includeDomains: target.includeDomains ?? [],
          excludeDomains: target.excludeDomains ?? [],
          timeoutMs: SEARCH_TIMEOUT_MS,
          since,
        }),
      ),
    );
    return searchTargetPages(target, results);
  }
}
