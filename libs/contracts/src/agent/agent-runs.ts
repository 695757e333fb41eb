/** Read model (KV `<prefix>_agent_runs`): a team's agent runs as `<teamId>.<jobId>`, and `job.<jobId>` naming its team. */
export const AGENT_RUNS_READ_MODEL = 'agent_runs';
/** How long a run stays listed (its results are kept a day): its bucket's TTL, whoever opens it. */
export const AGENT_RUNS_LISTED_FOR_MS = 25 * 3600 * 1000;

/** One agent run as `GET /v2/agent` lists it (the SDK's `listAgents()`). */
export interface AgentRunView {
  id: string;
  createdAt: string;
  /** What the run is about at a glance: its first URL, or its prompt when it searched the web. */
  targetHint: string;
  origin: 'api';
  settings: { hidden: false; starred: false };
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  options: { urls?: string[]; prompt: string; schema?: unknown };
  expiresAt: string;
}
