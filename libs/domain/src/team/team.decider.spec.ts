import type { TeamEvent } from '#contracts';
import { DomainError } from '../decider/decider.js';
import { given } from '../decider/given-when-then.js';
import { teamDecider } from './team.decider.js';

const hash = 'a'.repeat(64);
const created: TeamEvent = { type: 'TeamCreated', data: { teamId: 't1', name: 'Acme', createdAt: 't0' } };
const issued: TeamEvent = {
  type: 'ApiKeyIssued',
  data: { teamId: 't1', keyId: 'k1', keyHash: hash, label: 'ci', issuedAt: 't1' },
};

describe('team decider', () => {
  it('creates a team once', () => {
    expect(
      given(teamDecider, []).when({ type: 'CreateTeam', data: { teamId: 't1', name: ' Acme ', at: 't0' } }),
    ).toEqual([created]);
    expect(() =>
      given(teamDecider, [created]).when({
        type: 'CreateTeam',
        data: { teamId: 't1', name: 'Acme', at: 't0' },
      }),
    ).toThrow(DomainError);
  });

  it('issues a key only to an existing team, by hash, idempotently', () => {
    const issue = {
      type: 'IssueApiKey',
      data: { teamId: 't1', keyId: 'k1', keyHash: hash, label: 'ci', at: 't1' },
    } as const;
    expect(given(teamDecider, [created]).when(issue)).toEqual([issued]);
    expect(given(teamDecider, [created, issued]).when(issue)).toEqual([]);
    expect(() => given(teamDecider, []).when(issue)).toThrow('does not exist');
    expect(() =>
      given(teamDecider, [created]).when({ ...issue, data: { ...issue.data, keyHash: 'plain-key' } }),
    ).toThrow('SHA-256');
  });

  it('revokes an active key and names its hash so read models can drop it', () => {
    expect(
      given(teamDecider, [created, issued]).when({
        type: 'RevokeApiKey',
        data: { teamId: 't1', keyId: 'k1', at: 't2' },
      }),
    ).toEqual([
      { type: 'ApiKeyRevoked', data: { teamId: 't1', keyId: 'k1', keyHash: hash, revokedAt: 't2' } },
    ]);
    expect(() =>
      given(teamDecider, [created]).when({
        type: 'RevokeApiKey',
        data: { teamId: 't1', keyId: 'k1', at: 't2' },
      }),
    ).toThrow('no active key');
  });

  it('rotates a key atomically: the new key under the same label, the old one revoked', () => {
    const newHash = 'c'.repeat(64);
    const rotate = {
      type: 'RotateApiKey',
      data: { teamId: 't1', keyId: 'k1', newKeyId: 'k2', newKeyHash: newHash, at: 't3' },
    } as const;
    const rotated = given(teamDecider, [created, issued]).when(rotate);
    expect(rotated).toEqual([
      {
        type: 'ApiKeyIssued',
        data: { teamId: 't1', keyId: 'k2', keyHash: newHash, label: 'ci', issuedAt: 't3' },
      },
      { type: 'ApiKeyRevoked', data: { teamId: 't1', keyId: 'k1', keyHash: hash, revokedAt: 't3' } },
    ]);
    expect(given(teamDecider, [created, issued, ...rotated]).when(rotate)).toEqual([]);
    expect(() => given(teamDecider, [created]).when(rotate)).toThrow('no active key');
  });

  it('lets the operator allow zero data retention, recording only changes', () => {
    const enable = { type: 'SetZeroDataRetention', data: { teamId: 't1', enabled: true, at: 't4' } } as const;
    const enabled = given(teamDecider, [created]).when(enable);
    expect(enabled).toEqual([
      { type: 'ZeroDataRetentionSet', data: { teamId: 't1', enabled: true, setAt: 't4' } },
    ]);
    expect(given(teamDecider, [created, ...enabled]).when(enable)).toEqual([]);
    expect(() => given(teamDecider, []).when(enable)).toThrow('does not exist');
  });
});
