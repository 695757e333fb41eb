import { API_KEYS_READ_MODEL } from '#accounts';
import { type RecordedEvent, TEAM_CATEGORY, type TeamEvent } from '#contracts';
import type { Projection } from '../projections/projection.js';

/** The read model the API authenticates with: one KV entry per active key, keyed by its hash. */
export interface ApiKeyEntry {
  teamId: string;
  keyId: string;
}

export type ApiKeyChange = { put: string; entry: ApiKeyEntry } | { delete: string } | null;

/** Pure: what one team event changes in the api-keys read model (replaying it is harmless). */
export function apiKeyChange(event: RecordedEvent): ApiKeyChange {
  const e = { type: event.type, data: event.data } as TeamEvent;
  switch (e.type) {
    case 'ApiKeyIssued':
      return { put: e.data.keyHash, entry: { teamId: e.data.teamId, keyId: e.data.keyId } };
    case 'ApiKeyRevoked':
      return { delete: e.data.keyHash };
    default:
      return null;
  }
}

/** The api-keys read model, from team events. */
export const apiKeysProjection: Projection = {
  worker: 'projector_api_keys',
  category: TEAM_CATEGORY,
  readModels: [{ name: API_KEYS_READ_MODEL }],
  async apply(event, documents) {
    const change = apiKeyChange(event);
    if (!change) return;
    const keys = documents[API_KEYS_READ_MODEL];
    if ('put' in change) await keys.put(change.put, JSON.stringify(change.entry));
    else await keys.remove(change.delete);
  },
};
