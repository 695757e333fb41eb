/**
 * A fixed number of slots that teams take in turns. Work waiting for a slot queues under its team;
 * each freed slot goes to the next team in the rotation that has work waiting, and a team's work goes
 * in the order it was queued (so its oldest check's pages first). One team's big checks thus hold back
 * another team's pages by at most one turn, not by whole checks.
 */
export class TeamTurns {
  private busy = 0;
  /** Teams with work waiting, in rotation order (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly slots: number) {}

  /** Runs `work` once `team` has a slot, and frees the slot when it settles. */
  async run<T>(team: string, work: () => Promise<T>): Promise<T> {
    await this.turn(team);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Pieces of work waiting for a slot. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  private turn(team: string): Promise<void> {
    if (this.busy < this.slots && this.waiting.size === 0) {
      this.busy++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(team);
      if (queue) queue.push(resolve);
      else this.waiting.set(team, [resolve]);
    });
  }

  /** Hands the freed slot to the team first in the rotation, which then goes to the back of it. */
  private release() {
    const first = this.waiting.entries().next();
    if (first.done) {
      this.busy--;
      return;
    }
    const [team, queue] = first.value;
    const grant = queue.shift() as () => void;
    this.waiting.delete(team);
    if (queue.length > 0) this.waiting.set(team, queue);
    grant();
  }
}
