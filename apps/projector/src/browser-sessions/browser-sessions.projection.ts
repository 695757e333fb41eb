import {
  BROWSER_CATEGORY,
  BROWSER_SESSIONS_LISTED_FOR_MS,
  BROWSER_SESSIONS_READ_MODEL,
  type BrowserSessionEvent,
  type BrowserSessionView,
} from '#contracts';
import type { Projection } from '../projections/projection.js';
import { documentOf } from '../projections/read-model-documents.js';

/** Every browser session of a team for `GET /v2/browser`, as `<teamId>.<sessionId>`. */
export const browserSessionsProjection: Projection = {
  worker: 'projector_browser_sessions',
  category: BROWSER_CATEGORY,
  readModels: [{ name: BROWSER_SESSIONS_READ_MODEL, ttlMs: BROWSER_SESSIONS_LISTED_FOR_MS }],
  async apply(recorded, documents) {
    const sessions = documents[BROWSER_SESSIONS_READ_MODEL];
    const event = { type: recorded.type, data: recorded.data } as BrowserSessionEvent;
    const key = `${event.data.teamId}.${event.data.sessionId}`;
    const next = evolveBrowserSessionView(await documentOf<BrowserSessionView>(sessions, key), event);
    if (next) await sessions.put(key, JSON.stringify(next));
  },
};

export function evolveBrowserSessionView(
  view: BrowserSessionView | undefined,
  event: BrowserSessionEvent,
): BrowserSessionView | undefined {
  switch (event.type) {
    case 'BrowserSessionOpened':
      return {
        id: event.data.sessionId,
        status: 'active',
        streamWebView: event.data.streamWebView,
        createdAt: event.data.openedAt,
        lastActivity: event.data.openedAt,
        expiresAt: event.data.expiresAt,
      };
    case 'BrowserCodeRan':
      return view && { ...view, lastActivity: event.data.ranAt };
    case 'BrowserSessionClosed':
      return (
        view && {
          ...view,
          status: 'destroyed',
          closedAt: event.data.closedAt,
          closeReason: event.data.reason,
          durationMs: event.data.durationMs,
        }
      );
  }
}
