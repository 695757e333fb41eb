import {
  AGENT_RUNS_LISTED_FOR_MS,
  AGENT_RUNS_READ_MODEL,
  type AgentRunView,
  CRAWL_CATEGORY,
  type CrawlEvent,
  type CrawlStarted,
} from '#contracts';
import type { Projection } from '../projections/projection.js';

/** How a finished job's run is listed. */
const FINISHED: Partial<Record<CrawlEvent['type'], AgentRunView['status']>> = {
  CrawlCompleted: 'completed',
  CrawlFailed: 'failed',
  CrawlCancelled: 'cancelled',
};

/**
 * A team's agent runs for `GET /v2/agent`: the extract jobs `POST /v2/agent` started, as
 * `<teamId>.<jobId>`. The job's later events name no team, so `job.<jobId>` records it.
 */
export const agentRunsProjection: Projection = {
  worker: 'projector_agent_runs',
  category: CRAWL_CATEGORY,
  readModels: [{ name: AGENT_RUNS_READ_MODEL, ttlMs: AGENT_RUNS_LISTED_FOR_MS }],
  async apply(recorded, documents) {
    const runs = documents[AGENT_RUNS_READ_MODEL];
    const event = { type: recorded.type, data: recorded.data } as CrawlEvent;
    if (event.type === 'CrawlStarted') {
      if (!event.data.extract?.agent) return;
      await runs.put(`job.${event.data.crawlId}`, JSON.stringify({ teamId: event.data.teamId }));
      await runs.put(`${event.data.teamId}.${event.data.crawlId}`, JSON.stringify(agentRunOf(event.data)));
      return;
    }
    const status = FINISHED[event.type];
    if (!status) return;
    const job = await runs.get(`job.${event.data.crawlId}`);
    if (job === undefined) return;
    const key = `${(JSON.parse(job) as { teamId: string }).teamId}.${event.data.crawlId}`;
    const view = await runs.get(key);
    if (view !== undefined)
      await runs.put(key, JSON.stringify({ ...(JSON.parse(view) as AgentRunView), status }));
  },
};

/** The run as listed when it starts: its pages, and the prompt and schema its json format carries. */
function agentRunOf(started: CrawlStarted['data']): AgentRunView {
  const json = started.scrapeRequest.formats.find((format) => format.type === 'json');
  const prompt = typeof json?.prompt === 'string' ? json.prompt : '';
  const urls = started.extract?.urls ?? [];
  return {
    id: started.crawlId,
    createdAt: started.startedAt,
    targetHint: urls[0] ?? prompt,
    origin: 'api',
    settings: { hidden: false, starred: false },
    status: 'processing',
    options: {
      ...(urls.length > 0 ? { urls } : {}),
      prompt,
      ...(json?.schema ? { schema: json.schema } : {}),
    },
    expiresAt: started.expiresAt,
  };
}
