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
    durationMs: lostSessionDurationMs(view.createdAt, view.lastActivity),
    at: new Date(now).toISOString(),
  };
}

/** A session its worker lost is billed from its opening until its last run (or not at all without one). */
export function lostSessionDurationMs(openedAt: string, lastRunAt: string | undefined): number {
  return Date.parse(lastRunAt ?? openedAt) - Date.parse(openedAt);
}
