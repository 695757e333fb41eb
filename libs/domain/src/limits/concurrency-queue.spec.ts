import {
  acquire,
  acquireInTurn,
  type ConcurrencyQueue,
  EMPTY_CONCURRENCY_QUEUE,
  holdCredits,
  leave,
  queueWaitLimitMs,
  release,
  renewLeases,
  waitingCount,
  withoutExpired,
} from './concurrency-queue.js';

const at = (ticket: string, now: number, limit = 2) => ({
  ticket,
  now,
  limit,
  leaseUntil: now + 60_000,
  giveUpAt: now + 20_000,
});

describe('concurrency queue', () => {
  it('admits up to the limit and queues the rest in arrival order', () => {
    let queue: ConcurrencyQueue = EMPTY_CONCURRENCY_QUEUE;
    const admitted: string[] = [];
    for (const ticket of ['a', 'b', 'c', 'd']) {
      const result = acquire(queue, at(ticket, 0));
      queue = result.queue;
      if (result.admitted) admitted.push(ticket);
    }
    expect(admitted).toEqual(['a', 'b']);
    expect(queue.waiting.map((waiter) => waiter.ticket)).toEqual(['c', 'd']);

    // A freed slot goes to the first waiter, not to whoever asks first.
    queue = release(queue, 'a', '2026-11-23T00:00:00.000Z');
    expect(acquire(queue, at('d', 10)).admitted).toBe(false);
    const c = acquire(queue, at('c', 10));
    expect(c.admitted).toBe(true);
    expect(c.queue.active.map((slot) => slot.ticket)).toEqual(['b', 'c']);
    expect(c.queue.lastSuccessAt).toBe('2026-11-23T00:00:00.000Z');
  });

  it('frees the slots of instances that died and forgets waiters that gave up', () => {
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, at('a', 0, 1)).queue;
    queue = acquire(queue, at('b', 0, 1)).queue;
    queue = acquire(queue, at('c', 0, 1)).queue;
    // b gave up at 20 s; a's lease ended at 60 s: c is next.
    const later = acquire(queue, { ...at('c', 60_001, 1), giveUpAt: 80_000 });
    expect(later.admitted).toBe(true);
    expect(later.queue.waiting).toEqual([]);
  });

  it('is idempotent for a ticket already admitted or queued', () => {
    const once = acquire(EMPTY_CONCURRENCY_QUEUE, at('a', 0, 1));
    expect(acquire(once.queue, at('a', 5, 1))).toEqual({ queue: once.queue, admitted: true });
    const queued = acquire(once.queue, at('b', 0, 1)).queue;
    expect(acquire(queued, at('b', 5, 1)).queue.waiting).toHaveLength(1);
  });

  it("gives a freed slot to a scrape before the team's crawl pages that queued earlier", () => {
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, at('scrape-1', 0, 1)).queue;
    queue = acquire(queue, { ...at('page-1', 1, 1), background: true }).queue;
    queue = acquire(queue, { ...at('page-2', 2, 1), background: true }).queue;
    queue = acquire(queue, at('scrape-2', 3, 1)).queue;
    queue = release(queue, 'scrape-1');
    expect(acquire(queue, { ...at('page-1', 4, 1), background: true }).admitted).toBe(false);
    const scrape = acquire(queue, at('scrape-2', 4, 1));
    expect(scrape.admitted).toBe(true);
    // Among themselves, pages keep their order.
    queue = release(scrape.queue, 'scrape-2');
    expect(acquire(queue, { ...at('page-2', 5, 1), background: true }).admitted).toBe(false);
    expect(acquire(queue, { ...at('page-1', 5, 1), background: true }).admitted).toBe(true);
  });

  it("admits one instance's waiting pages in their order, as many as are free, and renews the others' places", () => {
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, at('scrape-1', 0, 3)).queue;
    queue = acquire(queue, { ...at('other-page', 0, 3), background: true }).queue;
    const pages = ['p1', 'p2', 'p3'].map((ticket) => ({ ticket, leaseUntil: 90_000 }));
    const first = acquireInTurn(queue, {
      pages,
      now: 1,
      limit: 3,
      giveUpAt: 30_000,
      holder: 'core-a',
      backlog: 0,
    });
    expect(first.admitted).toEqual(['p1']);
    expect(first.queue.waiting.map((waiter) => [waiter.ticket, waiter.giveUpAt])).toEqual([
      ['p2', 30_000],
      ['p3', 30_000],
    ]);

    // A scrape that comes later goes first; the pages' places outlive the give-up time they had.
    queue = acquire(release(first.queue, 'other-page'), at('scrape-2', 2, 3)).queue;
    queue = release(release(queue, 'p1'), 'scrape-1');
    const later = acquireInTurn(queue, {
      pages: pages.slice(1),
      now: 25_000,
      limit: 2,
      giveUpAt: 60_000,
      holder: 'core-a',
      backlog: 0,
    });
    expect(later.admitted).toEqual(['p2']);
    expect(later.queue.active.map((slot) => slot.ticket)).toEqual(['scrape-2', 'p2']);
    expect(later.queue.waiting).toEqual([
      { ticket: 'p3', enqueuedAt: 1, giveUpAt: 60_000, background: true },
    ]);
  });

  it('counts the pages an instance keeps back without places, until they get places, it leaves or they lapse', () => {
    const running = acquire(EMPTY_CONCURRENCY_QUEUE, at('scrape-1', 0, 1)).queue;
    const look = (queue: ConcurrencyQueue, holder: string, tickets: string[], backlog: number, now = 1) =>
      acquireInTurn(queue, {
        pages: tickets.map((ticket) => ({ ticket, leaseUntil: 90_000 })),
        now,
        limit: 1,
        giveUpAt: 30_000,
        holder,
        backlog,
      }).queue;
    let queue = look(look(running, 'core-a', ['a1', 'a2'], 5), 'core-b', ['b1'], 2);
    expect(queue.waiting.map((waiter) => waiter.ticket)).toEqual(['a1', 'a2', 'b1']);
    expect(waitingCount(queue)).toBe(3 + 5 + 2);
    // A slot freed and a scrape ended do not touch the backlogs.
    queue = release(queue, 'scrape-1');
    expect(waitingCount(queue)).toBe(10);
    // core-a's next look admits a1 and places two more of its pages: its backlog is 3.
    queue = look(queue, 'core-a', ['a1', 'a2', 'a3', 'a4'], 3);
    expect(queue.active.map((slot) => slot.ticket)).toEqual(['a1']);
    expect(waitingCount(queue)).toBe(4 + 3 + 2);
    // core-b stops: its places and its backlog go.
    queue = leave(queue, { tickets: ['b1'], holder: 'core-b' });
    expect(queue.backlog).toEqual([{ holder: 'core-a', pages: 3, until: 30_000 }]);
    expect(waitingCount(queue)).toBe(3 + 3);
    // core-a dies: its places and backlog lapse with their give-up time.
    expect(waitingCount(withoutExpired(queue, 30_000))).toBe(0);
  });

  it("renews the leases of an instance's running pages, and says which of them still hold a slot", () => {
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, at('page-1', 0, 3)).queue; // lease until 60,000
    queue = acquire(queue, at('page-2', 0, 3)).queue;
    queue = acquire(queue, at('scrape-1', 0, 3)).queue;
    queue = release(queue, 'page-2'); // its scrape ended on another core
    const renewed = renewLeases(queue, {
      tickets: new Set(['page-1', 'page-2']),
      until: 90_000,
      now: 50_000,
    });
    expect(renewed.holding).toEqual(['page-1']);
    expect(renewed.queue.active.map((slot) => [slot.ticket, slot.leaseUntil])).toEqual([
      ['page-1', 90_000],
      ['scrape-1', 60_000],
    ]);
    // Not renewed, a lease lapses as before; a renewal never shortens one.
    expect(withoutExpired(renewed.queue, 60_000).active.map((slot) => slot.ticket)).toEqual(['page-1']);
    expect(
      renewLeases(renewed.queue, { tickets: new Set(['page-1']), until: 70_000, now: 55_000 }).queue,
    ).toEqual(renewed.queue);
    // A lease that lapsed before its renewal is not brought back.
    expect(renewLeases(queue, { tickets: new Set(['page-1']), until: 130_000, now: 70_000 }).holding).toEqual(
      [],
    );
  });

  it('waits at most two thirds of the timeout', () => {
    expect(queueWaitLimitMs(30_000)).toBe(20_000);
  });

  it("admits a metered team's scrape while its credits less those its running scrapes hold are left", () => {
    const metered = (ticket: string, remaining: number) => ({
      ...at(ticket, 0, 10),
      credits: { remaining, cost: 5 },
    });
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, metered('a', 7)).queue;
    // 7 credits, 5 held by a: 2 left, so b runs (and may take the balance below zero).
    const b = acquire(queue, metered('b', 7));
    expect(b.admitted).toBe(true);
    queue = b.queue;
    expect(queue.active.map((slot) => slot.credits)).toEqual([5, 5]);
    // 10 held: c is refused and leaves the queue.
    const c = acquire(queue, metered('c', 7));
    expect(c).toMatchObject({ admitted: false, outOfCredits: true });
    expect(c.queue.waiting).toEqual([]);
    // Once a ends and its charge is in the balance (2), what b holds still counts.
    queue = release(queue, 'a');
    expect(acquire(queue, metered('d', 2))).toMatchObject({ admitted: false, outOfCredits: true });
    expect(acquire(queue, metered('d', 6)).admitted).toBe(true);
    // An unmetered team holds nothing.
    expect(acquire(EMPTY_CONCURRENCY_QUEUE, at('e', 0)).queue.active).toEqual([
      { ticket: 'e', since: 0, leaseUntil: 60_000 },
    ]);
  });

  it("holds a metered team's credits for a cache hit without a slot, counted with the scrapes' holds", () => {
    const hit = (ticket: string, remaining: number) => ({
      ticket,
      now: 0,
      until: 10,
      credits: { remaining, cost: 1 },
    });
    // A full team (limit 1) still answers from the cache: a hit takes no slot.
    let queue = acquire(EMPTY_CONCURRENCY_QUEUE, {
      ...at('scrape', 0, 1),
      credits: { remaining: 3, cost: 1 },
    }).queue;
    const first = holdCredits(queue, hit('h1', 3));
    expect(first.held).toBe(true);
    queue = holdCredits(first.queue, hit('h2', 3)).queue;
    expect(queue.active).toHaveLength(1);
    // 3 credits, 1 held by the scrape and 2 by the hits: the next hit and the next scrape are refused.
    expect(holdCredits(queue, hit('h3', 3)).held).toBe(false);
    expect(acquire(queue, { ...at('s2', 0, 2), credits: { remaining: 3, cost: 1 } })).toMatchObject({
      outOfCredits: true,
    });
    // A hit that let go uncharged (its cached body was gone), or whose hold ran out, holds nothing.
    expect(holdCredits(release(queue, 'h1'), hit('h3', 3)).held).toBe(true);
    expect(holdCredits(queue, { ...hit('h3', 3), now: 10, until: 20 }).queue.holds).toEqual([
      { ticket: 'h3', until: 20, credits: 1 },
    ]);
  });
});
