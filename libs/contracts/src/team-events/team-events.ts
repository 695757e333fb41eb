/** Events of a `team-<teamId>` stream. API keys are stored only as SHA-256 hashes. */
export interface TeamCreated {
  type: 'TeamCreated';
  data: { teamId: string; name: string; createdAt: string };
}

export interface ApiKeyIssued {
  type: 'ApiKeyIssued';
  data: { teamId: string; keyId: string; keyHash: string; label: string; issuedAt: string };
}

export interface ApiKeyRevoked {
  type: 'ApiKeyRevoked';
  data: { teamId: string; keyId: string; keyHash: string; revokedAt: string };
}

/** The operator allows (or stops allowing) this team's `zeroDataRetention` scrapes. */
export interface ZeroDataRetentionSet {
  type: 'ZeroDataRetentionSet';
  data: { teamId: string; enabled: boolean; setAt: string };
}

export type TeamEvent = TeamCreated | ApiKeyIssued | ApiKeyRevoked | ZeroDataRetentionSet;

export interface CreateTeam {
  type: 'CreateTeam';
  data: { teamId: string; name: string; at: string };
}

export interface IssueApiKey {
  type: 'IssueApiKey';
  data: { teamId: string; keyId: string; keyHash: string; label: string; at: string };
}

export interface RevokeApiKey {
  type: 'RevokeApiKey';
  data: { teamId: string; keyId: string; at: string };
}

/** Replaces a key with a new one under the same label, in one atomic append. */
export interface RotateApiKey {
  type: 'RotateApiKey';
  data: { teamId: string; keyId: string; newKeyId: string; newKeyHash: string; at: string };
}

export interface SetZeroDataRetention {
  type: 'SetZeroDataRetention';
  data: { teamId: string; enabled: boolean; at: string };
}

export type TeamCommand = CreateTeam | IssueApiKey | RevokeApiKey | RotateApiKey | SetZeroDataRetention;

/**
 * Read model (KV `<prefix>_teams`): each team as the operator lists it, with its active keys (ids
 * and labels, never their hashes) and what the operator allowed it (the api checks zero data
 * retention here per request).
 */
export const TEAMS_READ_MODEL = 'teams';
export interface TeamView {
  teamId: string;
  name: string;
  createdAt: string;
  zeroDataRetention: boolean;
  keys: { keyId: string; label: string; issuedAt: string }[];
}

export const teamStreamId = (teamId: string) => `team-${teamId}`;
export const TEAM_CATEGORY = 'team';
