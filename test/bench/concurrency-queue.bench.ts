import { acquire, acquireInTurn, type ConcurrencyQueue, EMPTY_CONCURRENCY_QUEUE } from '#domain';
import { MAX_PLACES } from '../../apps/core/src/team-page-slots/team-page-slots.service.js';

const LIMIT = 50;

/**
 * What one look for slots costs a core whose team has many crawl, batch and monitor pages waiting:
 * the team's concurrency document read, judged for every placed page and written back, with 20, 200,
 * 2,000 and 20,000 pages waiting behind 50 running ones (past `MAX_PLACES`, 500, pages wait here
 * without a place, counted in the document).
 */
export function benchConcurrencyQueue(): Record<string, string> {
  const figures: Record<string, string> = {};
  const perLook = new Map<number, number>();
  for (const waitingPages of [20, 200, 2_000, 20_000]) {
    let queue: ConcurrencyQueue = EMPTY_CONCURRENCY_QUEUE;
    for (let index = 0; index < LIMIT; index++)
      queue = acquire(queue, {
        ticket: `running-${index}`,
        now: 0,
        limit: LIMIT,
        leaseUntil: 1e12,
        giveUpAt: 1e12,
      }).queue;
    const pages = Array.from({ length: Math.min(waitingPages, MAX_PLACES) }, (_, index) => ({
      ticket: `page-${index}`,
      leaseUntil: 1e12,
    }));
    const look = {
      pages,
      limit: LIMIT,
      giveUpAt: 30_000,
      holder: 'core',
      backlog: waitingPages - pages.length,
    };
    const document = JSON.stringify(acquireInTurn(queue, { ...look, now: 1 }).queue);
    const started = process.hrtime.bigint();
    let looks = 0;
    while (Number(process.hrtime.bigint() - started) < 1e9) {
      const read = JSON.parse(document) as ConcurrencyQueue;
      JSON.stringify(acquireInTurn(read, { ...look, now: 2 }).queue);
      looks++;
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / looks;
    perLook.set(waitingPages, ms);
    const reference = perLook.get(20) ?? ms;
    figures[`one look, ${waitingPages} pages waiting`] =
      `${ms.toFixed(2)} ms (${(document.length / 1024).toFixed(0)} KiB document): ${(ms / reference).toFixed(1)}× 20 waiting`;
  }
  return figures;
}
