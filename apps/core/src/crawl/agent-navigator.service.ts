import { Inject, Injectable } from '@nestjs/common';
import { apiKeyOf, type CrawlEvent, crawlStreamId } from '#contracts';
import { crawlDecider, fold } from '#domain';
import type { EventStore } from '#event-store';
import { ModelMeter } from '#llm';
import { BLOB_STORE, type BlobStore } from '#messaging';
import { answerGaps, type JsonSchema, linksToFollow, mergeExtracted } from '#structured';
import { EVENT_STORE } from '../event-store.provider.js';

/** Links an agent run follows from one page at most: the best few, not the whole menu. */
const LINKS_PER_PAGE = 3;

/** The parts of a scraped page's document the agent reads. */
export interface AgentPage {
  json?: unknown;
  rawHtml?: string;
  metadata?: { url?: string; sourceURL?: string };
}

/**
 * Where an agent run goes next. After each page of a run that may follow links, it merges what the
 * pages read so far answered; while the schema's fields (or, for a prompt alone, the answer) still
 * lack a value, it picks the page's links most likely to hold them (libs/structured: the model when
 * one is configured, else by their words). The crawl aggregate then queues them within the run's
 * depth and page budget.
 */
@Injectable()
export class AgentNavigator {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly models: ModelMeter,
  ) {}

  /**
   * The links to read after the page `scrapeId` of `crawlId`; undefined when the job is no agent run
   * that follows links (a crawl's pages carry their own).
   */
  async nextLinks(
    crawlId: string,
    scrapeId: string,
    document: AgentPage,
    correlationId?: string,
  ): Promise<string[] | undefined> {
    const history = await this.store.readStream(crawlStreamId(crawlId));
    const run = fold(
      crawlDecider,
      history.map((event) => ({ type: event.type, data: event.data }) as CrawlEvent),
    );
    if (run.status === 'initial' || !run.extract?.follow) return undefined;
    if (run.status !== 'scraping') return [];
    const page = run.inFlight.get(scrapeId);
    if (!page || page.depth >= run.extract.follow.maxDepth || !document.rawHtml) return [];
    const asked = run.scrapeRequest.formats.find((format) => format.type === 'json');
    const earlier = await Promise.all(run.scraped.map((scraped) => this.answerOf(scraped.documentBlob)));
    const { data } = mergeExtracted(
      [...earlier, document.json].map((value, index) => ({ url: String(index), value })),
    );
    const gaps = answerGaps(asked?.schema as JsonSchema | undefined, data);
    if (gaps.complete) return [];
    // The run's payer pays for the model's choice, as for its pages' answers.
    const model = this.models.for({
      teamId: run.teamId,
      ...apiKeyOf(run),
      operationId: crawlId,
      correlationId,
    });
    return linksToFollow(
      document.rawHtml,
      document.metadata?.url ?? page.url,
      { prompt: asked?.prompt ?? '', fields: gaps.fields },
      LINKS_PER_PAGE,
      model,
    );
  }

  private async answerOf(documentBlob: string): Promise<unknown> {
    const text = await this.blobs.getText(documentBlob);
    return text ? (JSON.parse(text) as AgentPage).json : undefined;
  }
}
