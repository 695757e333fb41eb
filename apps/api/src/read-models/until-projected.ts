import { TrawlError } from '#contracts';

/** How long a write waits for the projector to show it, so a client reads its own writes. */
const CATCH_UP_TIMEOUT_MS = 10_000;
const CATCH_UP_POLL_MS = 25;

/**
 * Polls a read model until `probe` finds what a write just stored (its value), so the answer to
 * a write is never followed by a read that misses it; 503 if the projector falls that far behind.
 */
export async function untilProjected<T>(projection: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      throw new TrawlError(
        'SERVICE_UNAVAILABLE',
        `The change was stored but the ${projection} projection has not caught up yet; read it again shortly`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
  }
}
