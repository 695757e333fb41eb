import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { ScrapeDocument } from '#content';
import { type NatsNames, TrawlError, unavailableFeatures, type ValidSearchRequest } from '#contracts';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { createSearchProvider, type SearchHit, type SearchProvider, SearchProviderError } from '#search';
import { availableFeatures } from '../scrape/available-features.js';
import { ScrapeService } from '../scrape/scrape.service.js';

type WebResult = SearchHit & { position: number } & Partial<ScrapeDocument>;

/** `POST /v2/search`: SearXNG when SEARXNG_URL is set, else the local index; optionally scrapes each result. */
@Injectable()
export class SearchService {
  private readonly provider: SearchProvider;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    private readonly scrapes: ScrapeService,
  ) {
    this.provider = createSearchProvider(config.searxngUrl, nc, names);
  }

  async search(teamId: string, request: ValidSearchRequest, correlationId: string) {
    const missing = [
      ...request.unsupported,
      ...(request.scrapeOptions
        ? unavailableFeatures(
            { ...request.scrapeOptions, url: '', sourceUrl: '' },
            availableFeatures(this.config),
          )
        : []),
    ];
    if (missing.length > 0) {
      throw new TrawlError(
        'FEATURE_NOT_AVAILABLE',
        `Not available in this Trawl version yet: ${missing.join(', ')}`,
        missing.map((feature) => ({ path: [feature], message: 'not available yet' })),
      );
    }
    const hits = await this.provider
      .search({
        teamId,
        query: request.query,
        limit: request.limit,
        includeDomains: request.includeDomains,
        excludeDomains: request.excludeDomains,
        timeoutMs: request.timeout,
      })
      .catch((error: unknown) => {
        if (error instanceof SearchProviderError) throw new TrawlError(error.code, error.message);
        throw error;
      });
    const web: WebResult[] = await Promise.all(
      hits.map((hit, index) =>
        this.withPage({ ...hit, position: index + 1 }, teamId, request, correlationId),
      ),
    );
    return { success: true, data: { web }, provider: this.provider.name };
  }

  /** A result's page, scraped when the request has scrapeOptions with formats; a failure stays on that result. */
  private async withPage(
    result: WebResult,
    teamId: string,
    request: ValidSearchRequest,
    correlationId: string,
  ): Promise<WebResult> {
    if (!request.scrapeOptions) return result;
    try {
      const document = await this.scrapes.scrape(
        teamId,
        { ...request.scrapeOptions, url: result.url, sourceUrl: result.url },
        correlationId,
      );
      return { ...document, ...result };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'UNKNOWN_ERROR';
      return {
        ...result,
        metadata: { sourceURL: result.url, error: `${code}: ${(error as Error).message}` },
      } as WebResult;
    }
  }
}
