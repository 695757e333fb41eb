import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';

/** How long one pull waits on the server for messages before the next is asked for. */
const PULL_EXPIRES_MS = 5_000;
/** After a failed pull (NATS away, consumer gone), wait this long before pulling again. */
const PULL_RETRY_MS = 1_000;

/** Messages as an instance has room for them, until `close`. */
export interface FreeSlotPulls extends AsyncIterable<JsMsg> {
  /** Call when a job ends: its slot may be pulled for again. */
  slotFreed(): void;
  close(): Promise<void>;
}

/**
 * Pulls only as many messages as there are free slots, and pulls again as slots free up, so that each
 * instance holds at most its own number of jobs and other instances take the rest. (`consume()`
 * refills its buffer as messages arrive, whatever the handler has in hand; only the server's cap on
 * unacknowledged messages bounded it, and that cap is shared by every instance.)
 */
export function freeSlotPulls(
  consumer: Consumer,
  freeSlots: () => number,
  onPullError: (error: unknown) => void,
): FreeSlotPulls {
  let closed = false;
  let pull: ConsumerMessages | undefined;
  let wake: (() => void) | undefined;
  const waitForWake = (ms?: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (ms !== undefined) setTimeout(resolve, ms).unref();
    });

  async function* messages(): AsyncGenerator<JsMsg> {
    while (!closed) {
      const free = freeSlots();
      if (free <= 0) {
        await waitForWake();
        continue;
      }
      try {
        const current = await consumer.fetch({ max_messages: free, expires: PULL_EXPIRES_MS });
        pull = current;
        if (closed) await current.close();
        for await (const msg of current) yield msg;
      } catch (error) {
        if (closed) return;
        onPullError(error);
        await waitForWake(PULL_RETRY_MS);
      }
    }
  }

  return {
    [Symbol.asyncIterator]: messages,
    slotFreed: () => wake?.(),
    async close() {
      closed = true;
      wake?.();
      await pull?.close();
    },
  };
}
