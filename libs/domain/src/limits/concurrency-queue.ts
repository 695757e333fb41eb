/**
 * A team's running scrapes and its fair (first come, first served) queue of waiting ones, as one
 * document that api instances (scrapes) and core (the pages of crawls, batch scrapes and monitor
 * checks) update with compare-and-set. Every entry expires on its own (a lease, a give-up time), so an
 * instance that dies leaves nothing blocked for long. A running scrape of a metered team holds
 * what it will cost until it ends, so that a burst of scrapes cannot spend credits that the ones
 * before it are about to.
 */
export interface ConcurrencyQueue {
  /** `since`: when the entry got its slot (absent in entries written before 2026-12-06). */
  active: { ticket: string; since?: number; leaseUntil: number; credits?: number }[];
  /** In arrival order; `background` waiters (crawl, batch and monitor pages) come after the others. */
  waiting: { ticket: string; enqueuedAt: number; giveUpAt: number; background?: true }[];
  /**
   * Background pages that an instance keeps waiting behind its pages in `waiting`, by count (so that
   * the document stays small however many wait), for the queue's status; they expire as places do.
   */
  backlog?: { holder: string; pages: number; until: number }[];
  /** Credits held by a metered team's answers that take no slot (cache hits) until they are charged. */
  holds?: { ticket: string; until: number; credits: number }[];
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
  /**
   * A page of a crawl or batch scrape: it waits behind the scrapes a client is waiting on, as
   * Firecrawl's queue ranks a team's crawl jobs after its scrapes.
   */
  background?: boolean;
  /** A metered team's credits left (its balance) and what this scrape costs at least. */
  credits?: CreditHold;
}

export interface CreditHold {
  remaining: number;
  cost: number;
}

export type AcquireResult =
  | { queue: ConcurrencyQueue; admitted: boolean }
  /** The team's credits, less what its running scrapes hold, are spent: the ticket leaves the queue. */
  | { queue: ConcurrencyQueue; admitted: false; outOfCredits: true };

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
    ...(queue.holds ? { holds: queue.holds.filter((hold) => hold.until > now) } : {}),
    ...(queue.backlog ? { backlog: queue.backlog.filter((entry) => entry.until > now) } : {}),
  };
}

/** Scrapes and pages waiting for a slot, those kept back by their instances included. */
export function waitingCount(queue: ConcurrencyQueue): number {
  return queue.waiting.length + (queue.backlog ?? []).reduce((sum, entry) => sum + entry.pages, 0);
}

/** What a metered team's credits come to less those its running scrapes and cache hits hold. */
function unheldCredits(queue: ConcurrencyQueue, credits: CreditHold): number {
  const held = [...queue.active, ...(queue.holds ?? [])].reduce(
    (sum, entry) => sum + (entry.credits ?? 0),
    0,
  );
  return credits.remaining - held;
}

/**
 * Queues the ticket (once) and admits it when a slot is free and nobody queued before it is
 * still waiting for one: the first `free` waiters in arrival order get the free slots, scrapes
 * before background pages. A metered team's ticket is admitted while its credits less those
 * its running scrapes hold are above zero (the last scrape may take the balance below zero, as
 * a charge may), and then holds its cost.
 */
export function acquire(queue: ConcurrencyQueue, request: AcquireRequest): AcquireResult {
  const { ticket, now, limit, leaseUntil, giveUpAt, credits, background } = request;
  const current = withoutExpired(queue, now);
  if (current.active.some((slot) => slot.ticket === ticket)) return { queue: current, admitted: true };
  const waiting = current.waiting.some((waiter) => waiter.ticket === ticket)
    ? current.waiting
    : [
        ...current.waiting,
        { ticket, enqueuedAt: now, giveUpAt, ...(background ? { background: true as const } : {}) },
      ];
  const free = Math.max(0, limit - current.active.length);
  const inTurn = [
    ...waiting.filter((waiter) => !waiter.background),
    ...waiting.filter((waiter) => waiter.background),
  ];
  const position = inTurn.findIndex((waiter) => waiter.ticket === ticket);
  if (position >= free) return { queue: { ...current, waiting }, admitted: false };
  const others = waiting.filter((waiter) => waiter.ticket !== ticket);
  if (credits && unheldCredits(current, credits) <= 0)
    return { queue: { ...current, waiting: others }, admitted: false, outOfCredits: true };
  return {
    queue: {
      ...current,
      active: [
        ...current.active,
        { ticket, since: now, leaseUntil, ...(credits ? { credits: credits.cost } : {}) },
      ],
      waiting: others,
    },
    admitted: true,
  };
}

/**
 * One instance's waiting pages of a team (crawl, batch and monitor pages, `background`), in the order
 * they arrived: admits them as `acquire` would, as many as are in turn, and renews the places of the
 * rest to `giveUpAt` (an instance that dies leaves its pages' places when that time passes). `backlog`
 * counts the instance's pages waiting behind these, which hold no place yet.
 */
export function acquireInTurn(
  queue: ConcurrencyQueue,
  request: {
    pages: { ticket: string; leaseUntil: number }[];
    now: number;
    limit: number;
    giveUpAt: number;
    holder: string;
    backlog: number;
  },
): { queue: ConcurrencyQueue; admitted: string[] } {
  const { pages, now, limit, giveUpAt, holder, backlog } = request;
  let current = withoutExpired(queue, now);
  const admitted: string[] = [];
  for (const { ticket, leaseUntil } of pages) {
    const result = acquire(current, { ticket, now, limit, leaseUntil, giveUpAt, background: true });
    current = result.queue;
    // Pages keep their order: once one waits, so do those after it.
    if (!result.admitted) break;
    admitted.push(ticket);
  }
  const active = new Set(current.active.map((slot) => slot.ticket));
  const waiting = new Set(current.waiting.map((waiter) => waiter.ticket));
  const mine = new Set(pages.map((page) => page.ticket));
  const missing = pages.filter((page) => !active.has(page.ticket) && !waiting.has(page.ticket));
  return {
    queue: {
      ...current,
      waiting: [
        ...current.waiting.map((waiter) =>
          mine.has(waiter.ticket) && waiter.giveUpAt < giveUpAt ? { ...waiter, giveUpAt } : waiter,
        ),
        ...missing.map(({ ticket }) => ({ ticket, enqueuedAt: now, giveUpAt, background: true as const })),
      ],
      ...withBacklog(current, holder, backlog > 0 ? { holder, pages: backlog, until: giveUpAt } : undefined),
    },
    admitted,
  };
}

/**
 * An instance's running pages keep their slots while it lives: their leases are extended to `until`
 * (a page may wait long for a browser or a turn after its slot). Answers which of them still hold a
 * slot; the others were released elsewhere (their scrape ended) or lapsed.
 */
export function renewLeases(
  queue: ConcurrencyQueue,
  request: { tickets: Set<string>; until: number; now: number },
): { queue: ConcurrencyQueue; holding: string[] } {
  const current = withoutExpired(queue, request.now);
  const holding: string[] = [];
  const active = current.active.map((slot) => {
    if (!request.tickets.has(slot.ticket)) return slot;
    holding.push(slot.ticket);
    return slot.leaseUntil < request.until ? { ...slot, leaseUntil: request.until } : slot;
  });
  return { queue: { ...current, active }, holding };
}

/** An instance's waiting pages leave the queue (it stops): their places and its backlog. */
export function leave(
  queue: ConcurrencyQueue,
  request: { tickets: string[]; holder: string },
): ConcurrencyQueue {
  const gone = new Set(request.tickets);
  return {
    ...queue,
    waiting: queue.waiting.filter((waiter) => !gone.has(waiter.ticket)),
    ...withBacklog(queue, request.holder, undefined),
  };
}

/** The document's `backlog` with the holder's entry replaced (or removed); none when empty. */
function withBacklog(
  queue: ConcurrencyQueue,
  holder: string,
  entry: { holder: string; pages: number; until: number } | undefined,
): Pick<ConcurrencyQueue, 'backlog'> {
  const backlog = [
    ...(queue.backlog ?? []).filter((other) => other.holder !== holder),
    ...(entry ? [entry] : []),
  ];
  return { backlog: backlog.length > 0 ? backlog : undefined };
}

/**
 * Holds a metered team's credits for an answer that takes no slot (a cache hit costs the machine
 * next to nothing), by the rule of `acquire`: refused once its credits less those held are spent.
 */
export function holdCredits(
  queue: ConcurrencyQueue,
  request: { ticket: string; now: number; until: number; credits: CreditHold },
): { queue: ConcurrencyQueue; held: boolean } {
  const { ticket, now, until, credits } = request;
  const current = withoutExpired(queue, now);
  if (unheldCredits(current, credits) <= 0) return { queue: current, held: false };
  const hold = { ticket, until, credits: credits.cost };
  return { queue: { ...current, holds: [...(current.holds ?? []), hold] }, held: true };
}

/** Frees the ticket's slot, place in the queue or held credits; `succeededAt` records a successful scrape. */
export function release(queue: ConcurrencyQueue, ticket: string, succeededAt?: string): ConcurrencyQueue {
  return {
    ...queue,
    active: queue.active.filter((slot) => slot.ticket !== ticket),
    waiting: queue.waiting.filter((waiter) => waiter.ticket !== ticket),
    ...(queue.holds ? { holds: queue.holds.filter((hold) => hold.ticket !== ticket) } : {}),
    lastSuccessAt: succeededAt ?? queue.lastSuccessAt,
  };
}
