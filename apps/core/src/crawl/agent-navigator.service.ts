import { Injectable } from '@nestjs/common';
import { apiKeyOf } from '#contracts';
import { ModelMeter } from '#llm';
import {
  answeredFields,
  answerGaps,
  itemLinks,
  type JsonSchema,
  linksToFollow,
  parseHtml,
} from '#structured';
import { CrawlStates } from './crawl-states.service.js';

/** Links an agent run follows from one page at most: the best few, not the whole menu. */
const LINKS_PER_PAGE = 3;

/** The parts of a scraped page's document the agent reads. */
export interface AgentPage {
  json?: unknown;
  rawHtml?: string;
  metadata?: { url?: string; sourceURL?: string };
}

/** What a page of an agent run that follows links adds to the run: the crawl aggregate records it. */
export interface AgentStep {
  /** The fields of the answer this page gave a value. */
  answered: string[];
  /** With this page the run's answer lacks nothing. */
  answerComplete: boolean;
  /** The page's links to read next. */
  links: string[];
  /** The own pages of the items this page listed, when no item gave one of their fields. */
  itemLinks: string[];
}

/**
 * Where an agent run goes next. After each page of a run that may follow links, it reads what the
 * run's pages answered so far (the crawl state keeps the fields each page answered); while the
 * schema's fields (or, for a prompt alone, the answer) still lack a value, it picks the page's links
 * most likely to hold them (libs/structured: the model when one is configured, else by their
 * words), after the own pages of the items it listed when no item gave one of their fields. The
 * crawl aggregate then queues them within the run's depth and page budget.
 */
@Injectable()
export class AgentNavigator {
  constructor(
    private readonly crawls: CrawlStates,
    private readonly models: ModelMeter,
  ) {}

  /**
   * The step the page `scrapeId` of `crawlId` makes; undefined when the job is no agent run that
   * follows links (a crawl's pages carry their own).
   */
  async nextStep(
    crawlId: string,
    scrapeId: string,
    document: AgentPage,
    correlationId?: string,
  ): Promise<AgentStep | undefined> {
    // Copies of what this step needs: the kept state folds on while the model chooses.
    const run = await this.crawls.read(crawlId, (state) => {
      if (state.status === 'initial' || !state.extract?.follow) return undefined;
      const page = state.inFlight.get(scrapeId);
      return {
        scraping: state.status === 'scraping',
        teamId: state.teamId,
        ...apiKeyOf(state),
        asked: state.scrapeRequest.formats.find((format) => format.type === 'json'),
        answered: [...state.answered],
        maxDepth: state.extract.follow.maxDepth,
        page: page && { url: page.url, depth: page.depth },
      };
    });
    if (!run) return undefined;
    const { asked, page } = run;
    const schema = asked?.schema as JsonSchema | undefined;
    const answered = answeredFields(schema, document.json);
    const gaps = answerGaps(schema, [...run.answered, ...answered]);
    const step: AgentStep = { answered, answerComplete: gaps.complete, links: [], itemLinks: [] };
    if (gaps.complete || !run.scraping) return step;
    if (!page || page.depth >= run.maxDepth || !document.rawHtml) return step;
    // The run's payer pays for the model's choice, as for its pages' answers.
    const model = this.models.for({
      teamId: run.teamId,
      ...apiKeyOf(run),
      operationId: crawlId,
      correlationId,
    });
    const pageUrl = document.metadata?.url ?? page.url;
    // Parsed once for both kinds of link.
    const tree = parseHtml(document.rawHtml);
    // The items this page listed, of lists whose items lack a field: each item's own page may say it.
    const answer = document.json as Record<string, unknown> | undefined;
    const items = gaps.listsLacking.flatMap((list) => (Array.isArray(answer?.[list]) ? answer[list] : []));
    const links = await linksToFollow(
      tree,
      pageUrl,
      { prompt: asked?.prompt ?? '', fields: gaps.fields },
      LINKS_PER_PAGE,
      model,
    );
    return { ...step, links, itemLinks: itemLinks(tree, pageUrl, items) };
  }
}
