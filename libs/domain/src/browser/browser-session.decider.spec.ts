import type { BrowserSessionEvent } from '#contracts';
import { given, rejectionCode } from '../decider/given-when-then.js';
import { browserSessionDecider } from './browser-session.decider.js';

const sessionId = '0193a6f0-0000-7000-8000-0000000000b1';
const opened: BrowserSessionEvent = {
  type: 'BrowserSessionOpened',
  data: {
    sessionId,
    teamId: 'team-1',
    ttl: 300,
    streamWebView: true,
    openedAt: '2026-12-01T10:00:00.000Z',
    expiresAt: '2026-12-01T10:05:00.000Z',
    apiKeyId: 'key-1',
  },
};
const close = (teamId = 'team-1') =>
  ({
    type: 'CloseBrowserSession',
    data: { sessionId, teamId, reason: 'stopped', durationMs: 61_234.4, at: '2026-12-01T10:01:01.234Z' },
  }) as const;

describe('browser sessions', () => {
  it('opens once, with its expiry from its time to live and the key that asked', () => {
    const open = {
      type: 'OpenBrowserSession',
      data: {
        sessionId,
        teamId: 'team-1',
        ttl: 120,
        activityTtl: 30,
        profile: { name: 'shop', saveChanges: true },
        streamWebView: false,
        at: '2026-12-01T10:00:00.000Z',
        apiKeyId: 'key-1',
      },
    } as const;
    expect(given(browserSessionDecider, []).when(open)).toEqual([
      {
        type: 'BrowserSessionOpened',
        data: {
          sessionId,
          teamId: 'team-1',
          ttl: 120,
          activityTtl: 30,
          profile: { name: 'shop', saveChanges: true },
          streamWebView: false,
          openedAt: '2026-12-01T10:00:00.000Z',
          expiresAt: '2026-12-01T10:02:00.000Z',
          apiKeyId: 'key-1',
        },
      },
    ]);
    expect(given(browserSessionDecider, [opened]).when(open)).toEqual([]);
  });

  it('records runs while open and closes once, naming the key it is billed to', () => {
    const run = {
      type: 'RecordBrowserRun',
      data: { sessionId, teamId: 'team-1', exitCode: 0, killed: false, at: '2026-12-01T10:00:30.000Z' },
    } as const;
    expect(given(browserSessionDecider, [opened]).when(run)).toEqual([
      {
        type: 'BrowserCodeRan',
        data: { sessionId, teamId: 'team-1', exitCode: 0, killed: false, ranAt: run.data.at },
      },
    ]);
    const ran = given(browserSessionDecider, [opened]).when(run);
    expect(given(browserSessionDecider, [opened, ...ran]).state()).toMatchObject({ lastRunAt: run.data.at });
    const closed = given(browserSessionDecider, [opened]).when(close());
    expect(closed).toEqual([
      {
        type: 'BrowserSessionClosed',
        data: {
          sessionId,
          teamId: 'team-1',
          reason: 'stopped',
          durationMs: 61_234,
          closedAt: '2026-12-01T10:01:01.234Z',
          apiKeyId: 'key-1',
        },
      },
    ]);
    expect(given(browserSessionDecider, [opened, ...closed]).state()).toMatchObject({
      status: 'closed',
      closed: { reason: 'stopped' },
    });
    // A second close (a DELETE racing the idle timer) and a run finishing after it change nothing.
    expect(given(browserSessionDecider, [opened, ...closed]).when(close())).toEqual([]);
    expect(given(browserSessionDecider, [opened, ...closed]).when(run)).toEqual([]);
  });

  it('does not exist for another team, nor before it was opened', () => {
    expect(rejectionCode(() => given(browserSessionDecider, [opened]).when(close('team-2')))).toBe(
      'BROWSER_SESSION_NOT_FOUND',
    );
    expect(rejectionCode(() => given(browserSessionDecider, []).when(close()))).toBe(
      'BROWSER_SESSION_NOT_FOUND',
    );
  });
});
