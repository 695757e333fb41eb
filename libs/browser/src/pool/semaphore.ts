/** At most `limit` holders at once; waiters are served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  get activeCount() {
    return this.active;
  }

  get queuedCount() {
    return this.waiting.length;
  }

  /** Resolves with a release function, or rejects when `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const release = () => {
      this.active--;
      this.waiting.shift()?.();
    };
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(once(release));
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', abort);
        this.active++;
        resolve(once(release));
      };
      const abort = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal?.reason);
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}
