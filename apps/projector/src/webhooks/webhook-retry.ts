/** When to try a failed webhook call again: jittered exponential backoff, or what `Retry-After` asks for. */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | null,
  options: { baseMs: number; maxMs: number; random?: () => number },
): number {
  const asked = retryAfterMs(retryAfter);
  if (asked !== undefined) return Math.min(asked, options.maxMs);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** (attempt - 1));
  // "Full jitter": receivers that came back are not hit by every sender at the same instant.
  return Math.round(ceiling / 2 + ((options.random ?? Math.random)() * ceiling) / 2);
}

/** `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
