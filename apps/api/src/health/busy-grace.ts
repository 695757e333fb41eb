import { TimeoutError } from '@nats-io/transport-node';

/** How long an app that answered its probe may stay silent (busy) before /health calls it down. */
export const BUSY_GRACE_MS = 30_000;

/** What /health reports for an app that is busy rather than down. */
export type BusyAnswer = {
  busy: true;
  lastAnsweredMsAgo: number;
};

/**
 * Remembers when each app last answered its health probe. A probe that times out soon after an
 * answer means the app is busy (its queue full of pages), not down: the part is reported up and
 * busy, with how long ago it last answered, so /health does not flap to 503 under load. An app
 * that never answered, has no responders (not running) or stays silent past the grace is down.
 */
export class BusyGrace {
  private readonly answeredAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async probe<Answer>(app: string, ask: () => Promise<Answer>): Promise<Answer | BusyAnswer> {
    try {
      const answer = await ask();
      this.answeredAt.set(app, this.now());
      return answer;
    } catch (error) {
      const last = this.answeredAt.get(app);
      const silentFor = last === undefined ? Number.POSITIVE_INFINITY : this.now() - last;
      if (error instanceof TimeoutError && silentFor <= BUSY_GRACE_MS)
        return { busy: true, lastAnsweredMsAgo: silentFor };
      throw error;
    }
  }
}
