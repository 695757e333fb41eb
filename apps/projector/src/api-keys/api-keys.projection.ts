import type { RecordedEvent, TeamEvent } from '#contracts';

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
