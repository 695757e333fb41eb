import type { RecordedEvent } from '#contracts';
import { teamViewAfter } from './teams.projection.js';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${++position}`,
  type,
  data: { teamId: 't1', ...data },
  streamId: 'team-t1',
  revision: position,
  position,
  metadata: {},
  createdAt: '2026-12-05T00:00:00Z',
});

describe('teams projection', () => {
  it("keeps a team's name, its active keys by label and whether it may ask zero data retention", () => {
    const events = [
      recorded('TeamCreated', { name: 'Acme', createdAt: '2026-12-05T10:00:00Z' }),
      recorded('ApiKeyIssued', {
        keyId: 'k1',
        keyHash: 'h1',
        label: 'default',
        issuedAt: '2026-12-05T10:00:01Z',
      }),
      recorded('ApiKeyIssued', { keyId: 'k2', keyHash: 'h2', label: 'ci', issuedAt: '2026-12-05T10:05:00Z' }),
      recorded('ZeroDataRetentionSet', { enabled: true, setAt: '2026-12-05T10:06:00Z' }),
      // A rotation revokes the old key and issues its successor under the same label.
      recorded('ApiKeyRevoked', { keyId: 'k1', keyHash: 'h1', revokedAt: '2026-12-05T11:00:00Z' }),
      recorded('ApiKeyIssued', {
        keyId: 'k3',
        keyHash: 'h3',
        label: 'default',
        issuedAt: '2026-12-05T11:00:00Z',
      }),
    ];
    const view = events.reduce(teamViewAfter, undefined);
    expect(view).toEqual({
      teamId: 't1',
      name: 'Acme',
      createdAt: '2026-12-05T10:00:00Z',
      zeroDataRetention: true,
      keys: [
        { keyId: 'k2', label: 'ci', issuedAt: '2026-12-05T10:05:00Z' },
        { keyId: 'k3', label: 'default', issuedAt: '2026-12-05T11:00:00Z' },
      ],
    });
    // Delivered again (the last one, or all of them in order), the events change nothing.
    expect(teamViewAfter(view, events[events.length - 1])).toBe(view);
    expect(events.reduce(teamViewAfter, view)).toEqual(view);
  });

  it('knows no team before it is created', () => {
    expect(teamViewAfter(undefined, recorded('ZeroDataRetentionSet', { enabled: true }))).toBeUndefined();
  });
});
