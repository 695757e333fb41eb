import { acquire, acquireInTurn, type ConcurrencyQueue, EMPTY_CONCURRENCY_QUEUE } from '#domain';

const LIMIT = 50;

/**
 * What one look for slots costs a core whose team has many crawl and batch pages waiting: the
 * team's concurrency document read, judged for every waiting page and written back, with 20, 200
 * and 2,000 pages waiting behind 50 running ones.
 */
export function benchConcurrencyQueue(): Record<string, string> {
  const figures: Record<string, string> = {};
  const perLook = new Map<number, number>();
  for (const waitingPages of [20, 200, 2_000]) {
    let queue: ConcurrencyQueue = EMPTY_CONCURRENCY_QUEUE;
    for (let index = 0; index < LIMIT; index++)
      queue = acquire(queue, {
        ticket: `running-${index}`,
        now: 0,
        limit: LIMIT,
        leaseUntil: 1e12,
        giveUpAt: 1e12,
      }).queue;
    const pages = Array.from({ length: waitingPages }, (_, index) => ({
      ticket: `page-${index}`,
      leaseUntil: 1e12,
    }));
    const document = JSON.stringify(
      acquireInTurn(queue, { pages, now: 1, limit: LIMIT, giveUpAt: 30_000 }).queue,
    );
    const started = process.hrtime.bigint();
    let looks = 0;
    while (Number(process.hrtime.bigint() - started) < 1e9) {
      const read = JSON.parse(document) as ConcurrencyQueue;
      JSON.stringify(acquireInTurn(read, { pages, now: 2, limit: LIMIT, giveUpAt: 30_000 }).queue);
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
