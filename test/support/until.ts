/** What a probe answers while what it waits for has not happened yet. */
type NotYet = undefined | null | false;

/**
 * Polls `probe` until it answers anything but undefined, null or false, and returns that answer:
 * read models, webhooks, schedules and processes catch up asynchronously.
 */
export async function until<T>(
  probe: () => T | Promise<T>,
  what: string,
  timeoutMs = 90_000,
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as Exclude<T, NotYet>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
