import {
  apiKeyOf,
  type BrowserCloseReason,
  type BrowserSessionCommand,
  type BrowserSessionEvent,
} from '#contracts';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';

export type BrowserSessionState =
  | { status: 'none' }
  | {
      status: 'open' | 'closed';
      teamId: string;
      openedAt: string;
      expiresAt: string;
      /** When code last ran on it: a session its worker lost is billed until then. */
      lastRunAt?: string;
      apiKeyId?: string;
      closed?: { reason: BrowserCloseReason; closedAt: string };
    };

/**
 * A browser session (`browser-<sessionId>`): opened once, runs recorded while it is open, closed
 * once — by DELETE, or by the browser-worker when its time to live or its idle time passes.
 * Another team's session does not exist for the caller.
 */
export const browserSessionDecider: Decider<BrowserSessionState, BrowserSessionCommand, BrowserSessionEvent> =
  {
    initialState: () => ({ status: 'none' }),

    evolve(state, event) {
      switch (event.type) {
        case 'BrowserSessionOpened': {
          const { teamId, openedAt, expiresAt } = event.data;
          return { status: 'open', teamId, openedAt, expiresAt, ...apiKeyOf(event.data) };
        }
        case 'BrowserCodeRan':
          return state.status === 'none' ? state : { ...state, lastRunAt: event.data.ranAt };
        case 'BrowserSessionClosed':
          return state.status === 'none'
            ? state
            : {
                ...state,
                status: 'closed',
                closed: { reason: event.data.reason, closedAt: event.data.closedAt },
              };
        default:
          return assertNever(event);
      }
    },

    decide(command, state) {
      switch (command.type) {
        case 'OpenBrowserSession': {
          if (state.status !== 'none') return [];
          const { sessionId, teamId, ttl, activityTtl, profile, streamWebView, at } = command.data;
          return [
            {
              type: 'BrowserSessionOpened',
              data: {
                sessionId,
                teamId,
                ttl,
                ...(activityTtl !== undefined ? { activityTtl } : {}),
                ...(profile ? { profile } : {}),
                streamWebView,
                openedAt: at,
                expiresAt: new Date(Date.parse(at) + ttl * 1_000).toISOString(),
                ...apiKeyOf(command.data),
              },
            },
          ];
        }
        case 'RecordBrowserRun': {
          const { sessionId, teamId, exitCode, killed, at } = command.data;
          // A run that finished as its session closed changes nothing.
          if (ownSession(state, sessionId, teamId).status === 'closed') return [];
          return [{ type: 'BrowserCodeRan', data: { sessionId, teamId, exitCode, killed, ranAt: at } }];
        }
        case 'CloseBrowserSession': {
          const { sessionId, teamId, reason, durationMs, at } = command.data;
          const session = ownSession(state, sessionId, teamId);
          if (session.status === 'closed') return [];
          return [
            {
              type: 'BrowserSessionClosed',
              data: {
                sessionId,
                teamId,
                reason,
                durationMs: Math.max(0, Math.round(durationMs)),
                closedAt: at,
                ...apiKeyOf(session),
              },
            },
          ];
        }
        default:
          return assertNever(command);
      }
    },
  };

/** The session as the asking team may see it: another team's, or none, is not found. */
export function ownSession(
  state: BrowserSessionState,
  sessionId: string,
  teamId: string,
): Exclude<BrowserSessionState, { status: 'none' }> {
  if (state.status === 'none' || state.teamId !== teamId) {
    throw new DomainError('BROWSER_SESSION_NOT_FOUND', `No browser session ${sessionId}`);
  }
  return state;
}
