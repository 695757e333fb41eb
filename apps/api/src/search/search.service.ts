import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import {
  type NatsNames,
  type SearchSource,
  TrawlError,
  unavailableFeatures,
  type ValidSearchRequest,
} from '#contracts';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import {
  countryOfLocation,
  createSearchProvider,
  type SearchHit,
  SearchIndex,
  type SearchProvider,
  SearchProviderError,
  withHighlights,
} from '#search';
import type { Caller } from '../auth/caller.decorator.js';
import { availableFeatures, refuseUnavailable } from '../scrape/available-features.js';
import { ScrapeService } from '../scrape/scrape.service.js';
import { ZeroRetentionScrapes } from '../scrape/zero-retention-scrape.service.js';

type Result = Record<string, unknown> & { url: string; position: number };

/** Each source's result as Firecrawl names its fields (`data.web[]`, `data.news[]`, `data.images[]`). */
const RESULT_OF: Record<SearchSource, (hit: SearchHit, position: number) => Result> = {
  web: ({ url, title, description, category }, position) => ({
    url,
    title,
    description,
    position,
    ...(category ? { category } : {}),
  }),
  news: ({ url, title, description, date, imageUrl, category }, position) => ({
    title,
    url,
    snippet: description,
    ...(date ? { date } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    position,
    ...(category ? { category } : {}),
  }),
  images: ({ url, title, imageUrl, imageWidth, imageHeight }, position) => ({
    title,
    imageUrl,
    ...(imageWidth ? { imageWidth, imageHeight } : {}),
    url,
    position,
  }),
};

/** `POST /v2/search`: SearXNG when SEARXNG_URL is set, else the local index; optionally scrapes each result. */
@Injectable()
export class SearchService {
  private readonly provider: SearchProvider;
  private readonly index: SearchIndex;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    private readonly scrapes: ScrapeService,
    private readonly zeroRetention: ZeroRetentionScrapes,
  ) {
    this.index = new SearchIndex(nc, names);
    this.provider = createSearchProvider(config.searxngUrl, this.index);
  }

  /** `searxng`, or `local` (the team's index of scraped pages). */
  get providerName(): string {
    return this.provider.name;
  }

  async search(caller: Caller, asked: ValidSearchRequest, correlationId: string) {
    const { teamId } = caller;
    const request = asked.retention ? await this.withoutRetention(teamId, asked) : asked;
    const located = request.location === undefined ? undefined : countryOfLocation(request.location);
    const country = request.country ?? located;
    refuseUnavailable([
      ...(request.location !== undefined && !located
        ? [
            `location "${request.location}" (read to its country, it names none: end it with a country, or send country)`,
          ]
        : []),
      ...request.unsupported,
      ...request.sources
        .filter((source) => !this.provider.sources.includes(source))
        .map((source) => `sources.${source} (needs a search engine: the operator sets SEARXNG_URL)`),
      ...(country && !this.provider.geoTargeted
        ? ['country and location (need a search engine: the operator sets SEARXNG_URL)']
        : []),
      ...(request.scrapeOptions
        ? unavailableFeatures(
            { ...request.scrapeOptions, url: '', sourceUrl: '' },
            availableFeatures(this.config),
          )
        : []),
    ]);
    const window = request.window ?? {};
    const bounds =
      'pastMs' in window ? { since: new Date(Date.now() - window.pastMs).toISOString() } : window;
    const data: Partial<Record<SearchSource, Result[]>> = {};
    for (const source of request.sources) {
      const hits = await this.provider
        .search({
          teamId,
          query: request.query,
          limit: request.limit,
          includeDomains: request.includeDomains,
          excludeDomains: request.excludeDomains,
          timeoutMs: request.timeout,
          source,
          categories: request.categories,
          ...(country ? { country } : {}),
          ...bounds,
        })
        .catch((error: unknown) => {
          if (error instanceof SearchProviderError) throw new TrawlError(error.code, error.message);
          throw error;
        });
      const results = hits.map((hit, index) => RESULT_OF[source](hit, index + 1));
      // Images are files, not pages to scrape.
      data[source] =
        source === 'images'
          ? results
          : await Promise.all(
              results.map(async (result) => {
                const withPage = await this.withPage(result, caller, request, correlationId);
                return request.highlights
                  ? this.highlighted(withPage, source, teamId, request.query)
                  : withPage;
              }),
            );
    }
    return {
      success: true,
      data,
      provider: this.providerName,
      ...(request.location !== undefined
        ? {
            warning: `location is searched as from its country (${country}): the search engine takes no finer place`,
          }
        : {}),
    };
  }

  /**
   * `enterprise: ["zdr"]` or `["anon"]`, for teams the operator allowed zero data retention: the
   * query is kept nowhere (it is in no event, log line or metric in any case) and each result is
   * scraped with zero data retention. End to end only where the engine keeps nothing either: the
   * local index does; SearXNG hands the query on to its engines, so there it is only anonymized.
   */
  private async withoutRetention(teamId: string, request: ValidSearchRequest): Promise<ValidSearchRequest> {
    if (request.retention === 'zdr' && this.provider.name !== 'local') {
      refuseUnavailable([
        'enterprise zdr (SearXNG passes the query on to its engines, which may keep it: send ["anon"], or search the local index)',
      ]);
    }
    await this.zeroRetention.allowTeam(teamId);
    if (!request.scrapeOptions) return request;
    const scrapeOptions = { ...request.scrapeOptions, zeroDataRetention: true };
    await this.zeroRetention.authorize(teamId, { ...scrapeOptions, url: '', sourceUrl: '' });
    return { ...request, scrapeOptions };
  }

  /** Highlights from the page just scraped for the result, else from the team's latest scrape of it (the search index): no page is fetched for them alone. */
  private async highlighted(
    result: Result & Partial<ScrapeDocument>,
    source: Exclude<SearchSource, 'images'>,
    teamId: string,
    query: string,
  ): Promise<Result> {
    const markdown = result.markdown ?? (await this.index.page(teamId, result.url))?.text;
    return withHighlights(result, source, markdown, query);
  }

  /** A result's page, scraped when the request has scrapeOptions with formats; a failure stays on that result. */
  private async withPage(
    result: Result,
    caller: Caller,
    request: ValidSearchRequest,
    correlationId: string,
  ): Promise<Result & Partial<ScrapeDocument>> {
    if (!request.scrapeOptions) return result;
    try {
      const document = await this.scrapes.scrape(
        caller,
        { ...request.scrapeOptions, url: result.url, sourceUrl: result.url },
        correlationId,
      );
      return { ...document, ...result };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'UNKNOWN_ERROR';
      return {
        ...result,
        metadata: { sourceURL: result.url, error: `${code}: ${(error as Error).message}` },
      };
    }
  }
}
