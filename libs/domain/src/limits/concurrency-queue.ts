/**
 * A team's running scrapes and its fair (first come, first served) queue of waiting ones, as
 * one document that api instances update with compare-and-set. Every entry expires on its own
 * (a lease, a give-up time), so an instance that dies leaves nothing blocked for long.
 */
export interface ConcurrencyQueue {
  active: { ticket: string; leaseUntil: number }[];
  waiting: { ticket: string; enqueuedAt: number; giveUpAt: number }[];
  /** ISO time of the team's newest scrape that finished successfully. */
  lastSuccessAt?: string;
}

export const EMPTY_CONCURRENCY_QUEUE: ConcurrencyQueue = { active: [], waiting: [] };

export interface AcquireRequest {
  ticket: string;
  now: number;
  limit: number;
  /** When a running scrape's slot frees itself if it was never released. */
  leaseUntil: number;
  /** When a waiting scrape stops waiting. */
  giveUpAt: number;
}

/** A waiting scrape may wait this long: two thirds of its timeout. */
export function queueWaitLimitMs(timeoutMs: number): number {
  return Math.floor((timeoutMs * 2) / 3);
}

/** Drops expired leases and waiters whose time is up. */
export function withoutExpired(queue: ConcurrencyQueue, now: number): ConcurrencyQueue {
  return {
    ...queue,
    active: queue.active.filter((slot) => slot.leaseUntil > now),
    waiting: queue.waiting.filter((waiter) => waiter.giveUpAt > now),
  };
}

/**
 * Queues the ticket (once) and admits it when a slot is free and nobody queued before it is
 * still waiting for one: the first `free` waiters in arrival order get the free slots.
 */
export function acquire(
  queue: ConcurrencyQueue,
  request: AcquireRequest,
): { queue: ConcurrencyQueue; admitted: boolean } {
  const { ticket, now, limit, leaseUntil, giveUpAt } = request;
  const current = withoutExpired(queue, now);
  if (current.active.some((slot) => slot.ticket === ticket)) return { queue: current, admitted: true };
  const waiting = current.waiting.some((waiter) => waiter.ticket === ticket)
    ? current.waiting
    : [...current.waiting, { ticket, enqueuedAt: now, giveUpAt }];
  const free = Math.max(0, limit - current.active.length);
  const position = waiting.findIndex((waiter) => waiter.ticket === ticket);
  if (position >= free) return { queue: { ...current, waiting }, admitted: false };
  return {
    queue: {
      ...current,
      active: [...current.active, { ticket, leaseUntil }],
      waiting: waiting.filter((waiter) => waiter.ticket !== ticket),
    },
    admitted: true,
  };
}

/** Frees the ticket's slot or place in the queue; `succeededAt` records a successful scrape. */
export function release(queue: ConcurrencyQueue, ticket: string, succeededAt?: string): ConcurrencyQueue {
  return {
    active: queue.active.filter((slot) => slot.ticket !== ticket),
    waiting: queue.waiting.filter((waiter) => waiter.ticket !== ticket),
    lastSuccessAt: succeededAt ?? queue.lastSuccessAt,
  };
}
