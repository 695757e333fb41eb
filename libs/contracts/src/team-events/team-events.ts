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

export type TeamEvent = TeamCreated | ApiKeyIssued | ApiKeyRevoked;

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

export type TeamCommand = CreateTeam | IssueApiKey | RevokeApiKey | RotateApiKey;

export const teamStreamId = (teamId: string) => `team-${teamId}`;
export const TEAM_CATEGORY = 'team';
