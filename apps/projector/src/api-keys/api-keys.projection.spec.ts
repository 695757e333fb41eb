import type { RecordedEvent } from '#contracts';
import { apiKeyChange } from './api-keys.projection.js';

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: 'e1',
  type,
  data,
  streamId: 'team-t1',
  revision: 1,
  position: 7,
  metadata: {},
  createdAt: '2026-11-22T00:00:00Z',
});

describe('api-keys projection', () => {
  it('adds an issued key under its hash and drops a revoked one', () => {
    const hash = 'b'.repeat(64);
    expect(apiKeyChange(recorded('ApiKeyIssued', { teamId: 't1', keyId: 'k1', keyHash: hash }))).toEqual({
      put: hash,
      entry: { teamId: 't1', keyId: 'k1' },
    });
    expect(apiKeyChange(recorded('ApiKeyRevoked', { teamId: 't1', keyId: 'k1', keyHash: hash }))).toEqual({
      delete: hash,
    });
    expect(apiKeyChange(recorded('TeamCreated', { teamId: 't1', name: 'Acme' }))).toBeNull();
  });
});
