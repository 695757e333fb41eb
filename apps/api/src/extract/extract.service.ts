import { Inject, Injectable } from '@nestjs/common';
import {
  CRAWL_DEFAULTS,
  type ExtractTarget,
  MAX_EXTRACT_URLS,
  TrawlError,
  type ValidExtractRequest,
  validateSearchRequest,
} from '#contracts';
import { pageCredits } from '#domain';
import { LLM_PORT, type LlmPort } from '#llm';
import { extractionWarnings, mergeExtracted } from '#structured';
import type { Caller } from '../auth/caller.decorator.js';
import { CrawlJobs } from '../crawl/crawl-jobs.service.js';
import { MapService } from '../map/map.service.js';
import { refuseUnavailable } from '../scrape/available-features.js';
import { SearchService } from '../search/search.service.js';

/** How long finding the pages of one `/*` URL may take. */
const WILDCARD_MAP_TIMEOUT_MS = 30_000;
/** Pages of the web's results for the prompt that `enableWebSearch` reads. */
const WEB_SEARCH_PAGES = 5;
/** Links an agent run follows away from a page it was given (or found by search) at most. */
const AGENT_LINK_DEPTH = 2;

/**
 * `POST /v2/extract`: a batch of json-format scrapes (the schema and prompt go to every page, through
 * the model when one is configured, else the local extractor), and `GET /v2/extract/{id}` merges
 * what the pages gave into one answer.
 */
@Injectable()
export class ExtractService {
  constructor(
    private readonly jobs: CrawlJobs,
    private readonly maps: MapService,
    private readonly search: SearchService,
    @Inject(LLM_PORT) private readonly llm: LlmPort | null,
  ) {}

  async start(caller: Caller, request: ValidExtractRequest, correlationId: string) {
    refuseUnavailable([
      ...request.unsupported,
      ...(request.promptOnly && !this.llm
        ? ['prompt without a schema (needs a language model: LLM_BASE_URL)']
        : []),
    ]);
    const found = request.webSearchQuery
      ? await this.searched(caller, request.webSearchQuery, correlationId)
      : [];
    const maxPages = affordablePages(request);
    const urls = [...new Set([...(await this.pagesOf(caller.teamId, request.targets)), ...found])].slice(
      0,
      maxPages,
    );
    if (urls.length === 0) {
      throw new TrawlError(
        'EXTRACT_NO_PAGES',
        `The web search for the prompt found no pages (search provider: ${this.search.providerName}); give urls`,
      );
    }
    const started = await this.jobs.startBatch(
      caller,
      {
        urls,
        invalidURLs: request.invalidURLs,
        maxConcurrency: CRAWL_DEFAULTS.maxConcurrency,
        scrapeRequest: request.scrapeRequest,
      },
      correlationId,
      {
        urls,
        showSources: request.showSources,
        ...(request.agent ? { agent: true } : {}),
        ...(request.followLinks ? { follow: { maxPages, maxDepth: AGENT_LINK_DEPTH } } : {}),
      },
    );
    return {
      success: true,
      id: started.id,
      ...(request.invalidURLs.length > 0 ? { invalidURLs: request.invalidURLs } : {}),
    };
  }

  async status(teamId: string, id: string) {
    const { view, documents } = await this.jobs.extractPages(teamId, id);
    if (view.status === 'scraping') return { success: true, status: 'processing', expiresAt: view.expiresAt };
    // In the job's URL order, not the order the pages happened to finish in; pages an agent
    // reached by links come after them, in the order they were read.
    const order = view.extract?.urls ?? [];
    const rank = (url: string) => (order.includes(url) ? order.indexOf(url) : order.length);
    const pages = documents
      .filter((document) => document.json !== undefined)
      .map((document) => ({ url: String(document.metadata.sourceURL), value: document.json }))
      .sort((a, b) => rank(a.url) - rank(b.url));
    const { data, sources, missing } = mergeExtracted(pages);
    const failures = view.errors.map((error) => `${error.url}: ${error.code} ${error.error}`);
    const warnings = [
      ...extractionWarnings(
        documents.flatMap((document) => (document.warning ? [document.warning] : [])),
        view.status === 'completed' ? missing : [],
      ),
      // Pages that could not be read are said, not silently missing from the answer.
      ...(view.status === 'completed' && failures.length > 0
        ? [`${failures.length} of ${view.total} pages could not be read (${failures.join('; ')})`]
        : []),
    ];
    return {
      success: true,
      status: view.status,
      data,
      expiresAt: view.expiresAt,
      creditsUsed: view.creditsUsed,
      ...(view.extract?.showSources ? { sources } : {}),
      ...(warnings.length > 0 ? { warning: warnings.join('. ') } : {}),
      ...(view.status === 'failed' ? { error: failures.join('; ') } : {}),
    };
  }

  /** The pages to read, in order: each URL, and for `/*` the site's pages below its path (as `/v2/map` finds them). */
  private async pagesOf(teamId: string, targets: ExtractTarget[]): Promise<string[]> {
    const urls = new Set<string>();
    for (const target of targets) {
      urls.add(target.url);
      if (!target.wildcard) continue;
      const found = await this.maps.map(teamId, {
        url: target.url,
        sitemap: 'include',
        includeSubdomains: false,
        ignoreQueryParameters: true,
        filterByPath: true,
        limit: MAX_EXTRACT_URLS,
        timeout: WILDCARD_MAP_TIMEOUT_MS,
      });
      const below = target.url.endsWith('/') ? target.url : `${target.url}/`;
      for (const { url } of found) if (url.startsWith(below)) urls.add(url);
    }
    return [...urls];
  }

  /** The pages of the web's first results for the query (SearXNG, or the team's index of scraped pages). */
  private async searched(caller: Caller, query: string, correlationId: string): Promise<string[]> {
    const request = validateSearchRequest({ query, limit: WEB_SEARCH_PAGES, sources: ['web'] });
    if (!request.ok) throw new TrawlError('BAD_REQUEST', request.error, request.details);
    const { data } = await this.search.search(caller, request.value, correlationId);
    return (data.web ?? []).map((result) => result.url);
  }
}

/**
 * Pages a job reads at most: all it may, or as many as its `maxCredits` pays for at a page's price
 * (a PDF page or the enhanced proxy may make one cost more). A budget that buys none is a 400.
 */
function affordablePages(request: ValidExtractRequest): number {
  if (request.maxCredits === undefined) return request.maxPages;
  const perPage = pageCredits(request.scrapeRequest);
  const pages = Math.min(request.maxPages, Math.floor(request.maxCredits / perPage));
  if (pages < 1) {
    throw new TrawlError(
      'BAD_REQUEST',
      `maxCredits ${request.maxCredits} pays for no page: each page of this run costs at least ${perPage} credits`,
      [{ path: ['maxCredits'], message: `must be at least ${perPage}` }],
    );
  }
  return pages;
}
