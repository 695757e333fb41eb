/** Fixed one-minute windows: simple to share across api instances with one counter per window. */
export const RATE_WINDOW_MS = 60_000;

export interface RateWindow {
  /** Index of the current window (minutes since the epoch). */
  index: number;
  /** Milliseconds until the window ends. */
  endsInMs: number;
}

export function rateWindow(now: number): RateWindow {
  const index = Math.floor(now / RATE_WINDOW_MS);
  return { index, endsInMs: (index + 1) * RATE_WINDOW_MS - now };
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The `count`-th request of a window is allowed up to `limit`; 0 means no limit. */
export function rateDecision(count: number, limit: number, window: RateWindow): RateDecision {
  if (limit === 0 || count <= limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(window.endsInMs / 1000)) };
}
