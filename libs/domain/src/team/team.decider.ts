import type { TeamCommand, TeamEvent } from '#contracts';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';

export type TeamState =
  | { status: 'initial' }
  | {
      status: 'active';
      teamId: string;
      name: string;
      keys: Map<string, { keyHash: string; label: string }>;
      zeroDataRetention: boolean;
    };

/** A team and its API keys. Keys are only ever known here by hash. */
export const teamDecider: Decider<TeamState, TeamCommand, TeamEvent> = {
  initialState: () => ({ status: 'initial' }),

  evolve(state, event) {
    switch (event.type) {
      case 'TeamCreated':
        return {
          status: 'active',
          teamId: event.data.teamId,
          name: event.data.name,
          keys: new Map(),
          zeroDataRetention: false,
        };
      case 'ApiKeyIssued': {
        if (state.status !== 'active') return state;
        const keys = new Map(state.keys).set(event.data.keyId, {
          keyHash: event.data.keyHash,
          label: event.data.label,
        });
        return { ...state, keys };
      }
      case 'ApiKeyRevoked': {
        if (state.status !== 'active') return state;
        const keys = new Map(state.keys);
        keys.delete(event.data.keyId);
        return { ...state, keys };
      }
      case 'ZeroDataRetentionSet':
        return state.status === 'active' ? { ...state, zeroDataRetention: event.data.enabled } : state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateTeam': {
        if (state.status !== 'initial') {
          throw new DomainError('TEAM_ALREADY_EXISTS', `Team ${command.data.teamId} already exists`);
        }
        const { teamId, name, at } = command.data;
        if (!name.trim()) throw new DomainError('BAD_REQUEST', 'Team name must not be empty');
        return [{ type: 'TeamCreated', data: { teamId, name: name.trim(), createdAt: at } }];
      }
      case 'IssueApiKey': {
        const team = requireTeam(state, command.data.teamId);
        const { teamId, keyId, keyHash, label, at } = command.data;
        if (team.keys.has(keyId)) return [];
        requireSha256(keyHash);
        return [{ type: 'ApiKeyIssued', data: { teamId, keyId, keyHash, label, issuedAt: at } }];
      }
      case 'RevokeApiKey': {
        const team = requireTeam(state, command.data.teamId);
        const key = team.keys.get(command.data.keyId);
        if (!key) throw new DomainError('API_KEY_NOT_FOUND', `Team has no active key ${command.data.keyId}`);
        const { teamId, keyId, at } = command.data;
        return [{ type: 'ApiKeyRevoked', data: { teamId, keyId, keyHash: key.keyHash, revokedAt: at } }];
      }
      case 'RotateApiKey': {
        const team = requireTeam(state, command.data.teamId);
        const { teamId, keyId, newKeyId, newKeyHash, at } = command.data;
        // Retried after it succeeded: the new key is already there and the old one gone.
        if (team.keys.has(newKeyId) && !team.keys.has(keyId)) return [];
        const key = team.keys.get(keyId);
        if (!key) throw new DomainError('API_KEY_NOT_FOUND', `Team has no active key ${keyId}`);
        requireSha256(newKeyHash);
        return [
          {
            type: 'ApiKeyIssued',
            data: { teamId, keyId: newKeyId, keyHash: newKeyHash, label: key.label, issuedAt: at },
          },
          { type: 'ApiKeyRevoked', data: { teamId, keyId, keyHash: key.keyHash, revokedAt: at } },
        ];
      }
      case 'SetZeroDataRetention': {
        const team = requireTeam(state, command.data.teamId);
        const { teamId, enabled, at } = command.data;
        if (team.zeroDataRetention === enabled) return [];
        return [{ type: 'ZeroDataRetentionSet', data: { teamId, enabled, setAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

function requireSha256(keyHash: string): void {
  if (!/^[0-9a-f]{64}$/.test(keyHash))
    throw new DomainError('BAD_REQUEST', 'keyHash must be a SHA-256 hex digest');
}

function requireTeam(state: TeamState, teamId: string) {
  if (state.status === 'initial') throw new DomainError('TEAM_NOT_FOUND', `Team ${teamId} does not exist`);
  return state;
}
