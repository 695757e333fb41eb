/**
 * Runs the work of one lane one piece after another, in the order it was handed in, while other
 * lanes run side by side: the commands of one event stream (a team's credit ledger, charged by many
 * scrapes at once, would otherwise fight over the expected revision), or the webhook calls of one
 * monitor. Within this process only; a failed piece does not stop the ones after it.
 */
export class SerialLanes {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(lane: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(lane) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(lane, tail);
    void tail.then(() => {
      if (this.tails.get(lane) === tail) this.tails.delete(lane);
    });
    return result;
  }
}
