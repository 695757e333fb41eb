/**
 * Pure: whether a failed e-mail send is given up on. An SMTP answer in the 5xx range (a recipient
 * or sender refused, a message rejected) is permanent, and so is a missing SMTP server; anything
 * else (the server unreachable, a 4xx "try later") is tried again until `attempt` is the last.
 */
export function emailFailureIsFinal(error: unknown, attempt: number, maxAttempts: number): boolean {
  if (attempt >= maxAttempts) return true;
  const { responseCode, final } = (error ?? {}) as { responseCode?: unknown; final?: unknown };
  if (final === true) return true;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}
