import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  AGENT_RUNS_LISTED_FOR_MS,
  AGENT_RUNS_READ_MODEL,
  type AgentRunView,
  type NatsNames,
} from '#contracts';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { teamDocuments } from '../read-models/team-documents.js';
import { untilProjected } from '../read-models/until-projected.js';

/** Runs one page of `GET /v2/agent` lists. */
const PAGE_SIZE = 50;

/** A team's agent runs, from the `agent_runs` projection. */
@Injectable()
export class AgentRuns {
  private readonly runs: () => Promise<KV>;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.runs = lazyKv(nc, names.kvBucket(AGENT_RUNS_READ_MODEL), { ttl: AGENT_RUNS_LISTED_FOR_MS });
  }

  /** Waits until a run just started is listed, so a list right after `POST /v2/agent` has it. */
  async untilListed(teamId: string, id: string): Promise<void> {
    await untilProjected(
      'agent runs',
      async () => (await (await this.runs()).get(`${teamId}.${id}`)) ?? undefined,
    );
  }

  /**
   * The team's runs newest first, those created before `before` (unix ms) when given, a page at a
   * time; `next` continues from the page's oldest run.
   */
  async list(teamId: string, before?: number): Promise<{ agents: AgentRunView[]; next?: string }> {
    const older = (await teamDocuments<AgentRunView>(await this.runs(), teamId))
      .filter((run) => before === undefined || Date.parse(run.createdAt) < before)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const agents = older.slice(0, PAGE_SIZE);
    const last = agents.at(-1);
    return {
      agents,
      ...(older.length > PAGE_SIZE && last
        ? { next: `${this.config.publicUrl}/v2/agent?before=${Date.parse(last.createdAt)}` }
        : {}),
    };
  }
}
