/**
 * Runs commands of one stream one after another within this process, so that busy streams
 * (a team's credit ledger, charged by many scrapes at once) do not fight over the expected
 * revision. Other instances still race through the store's optimistic check.
 */
export class StreamLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(streamId, tail);
    void tail.then(() => {
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    });
    return result;
  }
}
