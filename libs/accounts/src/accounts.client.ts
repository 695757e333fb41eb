import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { v7 as uuidv7 } from 'uuid';
import {
  AUDIT_CATEGORY,
  CREDITS_CATEGORY,
  type NatsNames,
  TEAM_CATEGORY,
  TEAMS_READ_MODEL,
  type TeamView,
  teamStreamId,
} from '#contracts';
import { generateApiKey, hashApiKey } from '#domain';
import { type CommandBus, CommandRejectedError, lazyKv } from '#messaging';

/** Name of the read model (KV bucket `<prefix>_api_keys`) that the projector maintains and the API reads. */
export const API_KEYS_READ_MODEL = 'api_keys';
/**
 * The projector applies a key within milliseconds; this long only when it is not running. Generous,
 * since the secret is shown once: an answer given up too early loses a key that was issued.
 */
const USABLE_WITHIN_MS = 30_000;

export interface IssuedKey {
  teamId: string;
  keyId: string;
  /** The secret; shown once, never stored. */
  key: string;
}

/**
 * Operator actions on teams and keys, sent as commands to core. Resolves once the key is usable,
 * i.e. the projector has put it into the read model the API authenticates with.
 */
export class AccountsClient {
  private readonly teams: () => Promise<KV>;
  private readonly apiKeys: () => Promise<KV>;

  constructor(
    nc: NatsConnection,
    names: NatsNames,
    private readonly bus: CommandBus,
  ) {
    this.teams = lazyKv(nc, names.kvBucket(TEAMS_READ_MODEL));
    this.apiKeys = lazyKv(nc, names.kvBucket(API_KEYS_READ_MODEL));
  }

  async createTeam(name: string): Promise<string> {
    const teamId = uuidv7();
    await this.bus.send(TEAM_CATEGORY, 'CreateTeam', { teamId, name, at: new Date().toISOString() });
    return teamId;
  }

  /** Whether a team of this id was created: its stream in the event store has an event. */
  async teamExists(teamId: string): Promise<boolean> {
    try {
      await this.bus.send(AUDIT_CATEGORY, 'StreamHistory', {
        streamId: teamStreamId(teamId),
        fromRevision: 0,
        limit: 1,
      });
      return true;
    } catch (error) {
      if (error instanceof CommandRejectedError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  /** Every team, oldest first, with its active keys (as the projector has applied them). */
  async listTeams(): Promise<TeamView[]> {
    const kv = await this.teams();
    const teams: TeamView[] = [];
    for await (const teamId of await kv.keys()) {
      const entry = await kv.get(teamId);
      if (entry?.operation === 'PUT') teams.push(entry.json<TeamView>());
    }
    return teams.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.teamId.localeCompare(b.teamId));
  }

  /** One team with its active keys, or undefined when no such team was created. */
  async team(teamId: string): Promise<TeamView | undefined> {
    const entry = await (await this.teams()).get(teamId);
    return entry?.operation === 'PUT' ? entry.json<TeamView>() : undefined;
  }

  async issueKey(teamId: string, label = 'default'): Promise<IssuedKey> {
    const key = generateApiKey();
    const keyId = uuidv7();
    const keyHash = hashApiKey(key);
    await this.bus.send(TEAM_CATEGORY, 'IssueApiKey', {
      teamId,
      keyId,
      keyHash,
      label,
      at: new Date().toISOString(),
    });
    await this.untilProjected(keyHash, true);
    return { teamId, keyId, key };
  }

  async revokeKey(teamId: string, keyId: string): Promise<void> {
    await this.bus.send(TEAM_CATEGORY, 'RevokeApiKey', { teamId, keyId, at: new Date().toISOString() });
  }

  /** A new key replaces `keyId` (same label); the old key stops working once it is projected. */
  async rotateKey(teamId: string, keyId: string): Promise<IssuedKey> {
    const key = generateApiKey();
    const newKeyId = uuidv7();
    const newKeyHash = hashApiKey(key);
    await this.bus.send(TEAM_CATEGORY, 'RotateApiKey', {
      teamId,
      keyId,
      newKeyId,
      newKeyHash,
      at: new Date().toISOString(),
    });
    await this.untilProjected(newKeyHash, true);
    return { teamId, keyId: newKeyId, key };
  }

  /** Allows (or stops allowing) the team's `zeroDataRetention` scrapes. */
  async setZeroDataRetention(teamId: string, enabled: boolean): Promise<void> {
    await this.bus.send(TEAM_CATEGORY, 'SetZeroDataRetention', {
      teamId,
      enabled,
      at: new Date().toISOString(),
    });
  }

  /** Adds credits to a team's ledger; a team with a grant is metered from then on. */
  async grantCredits(teamId: string, credits: number, note = ''): Promise<{ grantId: string }> {
    const grantId = uuidv7();
    await this.bus.send(CREDITS_CATEGORY, 'GrantCredits', {
      teamId,
      grantId,
      credits,
      note,
      at: new Date().toISOString(),
    });
    return { grantId };
  }

  /**
   * Caps the model tokens the team may use in a calendar month (UTC), in place of the operator's
   * default; null lifts any cap for this team.
   */
  async setTokenAllowance(teamId: string, monthlyTokens: number | null): Promise<void> {
    await this.bus.send(CREDITS_CATEGORY, 'SetTokenAllowance', {
      teamId,
      monthlyTokens,
      at: new Date().toISOString(),
    });
  }

  private async untilProjected(keyHash: string, present: boolean): Promise<void> {
    const kv = await this.apiKeys();
    const deadline = Date.now() + USABLE_WITHIN_MS;
    // Looked at once more after the deadline: a process that stalled past it may be projected by now.
    for (;;) {
      const expired = Date.now() >= deadline;
      const entry = await kv.get(keyHash);
      if ((entry?.operation === 'PUT') === present) return;
      if (expired) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(
      'The key was recorded but the projector has not made it usable yet: is the projector running?',
    );
  }
}
