import type { BrowserSessionView, CloseBrowserSession } from '#contracts';

/**
 * The close of a session its browser-worker lost (it crashed, so nothing closed the page's
 * session): still listed active `graceMs` after it expired, when the worker's own timer would
 * have closed it. It is billed until its last run: nothing after that is known to have used it.
 */
export function closeOfLostSession(
  view: BrowserSessionView,
  teamId: string,
  now: number,
  graceMs: number,
): CloseBrowserSession['data'] | undefined {
  if (view.status !== 'active' || now < Date.parse(view.expiresAt) + graceMs) return undefined;
  return {
    sessionId: view.id,
    teamId,
    reason: 'lost',
    durationMs: Date.parse(view.lastActivity) - Date.parse(view.createdAt),
    at: new Date(now).toISOString(),
  };
}
