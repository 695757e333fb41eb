import type { BrowserSessionView } from '#contracts';
import { closeOfLostSession } from './lost-sessions.js';

const view: BrowserSessionView = {
  id: 'session-1',
  status: 'active',
  streamWebView: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  lastActivity: '2026-12-01T10:02:30.000Z',
  expiresAt: '2026-12-01T10:05:00.000Z',
};
const at = (time: string) => Date.parse(`2026-12-01T${time}Z`);

describe('sessions a browser-worker lost', () => {
  it('are closed once past their expiry and the grace, billed until their last run', () => {
    expect(closeOfLostSession(view, 'team-1', at('10:05:59.999'), 60_000)).toBeUndefined();
    expect(closeOfLostSession(view, 'team-1', at('10:06:00.000'), 60_000)).toEqual({
      sessionId: 'session-1',
      teamId: 'team-1',
      reason: 'lost',
      durationMs: 150_000,
      at: '2026-12-01T10:06:00.000Z',
    });
  });

  it('leave closed sessions alone', () => {
    expect(
      closeOfLostSession({ ...view, status: 'destroyed' }, 'team-1', at('11:00:00'), 60_000),
    ).toBeUndefined();
  });
});
