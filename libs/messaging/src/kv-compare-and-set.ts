import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import type { KV } from '@nats-io/kv';
import { TrawlError } from '#contracts';

/** A change of one entry's value (undefined when there is none): pure, as it may be applied again. */
export type KvChange<T> = (current: string | undefined) => { value: string; result: T };

interface Waiting {
  change: KvChange<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * Read-modify-write of JetStream KV entries that many requests change at once (a team's request
 * counter, its queue of scrapes). The changes of one key made in this process while a write is in
 * flight are applied together, in arrival order, in the next compare-and-set, so they never race
 * each other: forty scrapes arriving at once cost a few writes, not forty rounds of retries.
 * Another instance writing first costs a re-read after a short random pause, so that instances
 * do not collide again in step.
 */
export class KvCompareAndSet {
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly writing = new Set<string>();

  constructor(
    private readonly kv: () => Promise<KV>,
    /** What the entries are, for the error when other instances keep writing first ("The rate limit counter"). */
    private readonly what: string,
    private readonly maxAttempts = 50,
  ) {}

  update<T>(key: string, change: KvChange<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const waiting = this.waiting.get(key) ?? [];
      waiting.push({ change, resolve: resolve as (result: unknown) => void, reject });
      this.waiting.set(key, waiting);
      if (!this.writing.has(key)) void this.writeWaiting(key);
    });
  }

  private async writeWaiting(key: string): Promise<void> {
    this.writing.add(key);
    try {
      for (let batch = this.waiting.get(key); batch; batch = this.waiting.get(key)) {
        this.waiting.delete(key);
        await this.write(key, batch);
      }
    } finally {
      this.writing.delete(key);
    }
  }

  /** Applies the batch's changes in order to the entry's value and writes the result once; settles each. */
  private async write(key: string, batch: Waiting[]): Promise<void> {
    try {
      const kv = await this.kv();
      for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
        const entry = await kv.get(key);
        const exists = entry?.operation === 'PUT';
        const before = exists ? entry.string() : undefined;
        let value = before;
        const outcomes = batch.map(({ change }) => {
          try {
            const next = change(value);
            value = next.value;
            return { ok: true as const, result: next.result };
          } catch (error) {
            return { ok: false as const, error };
          }
        });
        try {
          if (value !== undefined && value !== before) {
            if (exists) await kv.update(key, value, entry.revision);
            else await kv.create(key, value);
          }
        } catch (error) {
          // JetStream's answer to a write that expected another revision: someone wrote first.
          const conflict =
            error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence;
          if (!conflict) throw error;
          // Another instance wrote first: read again, after a pause that grows with the attempts.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));
          continue;
        }
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index];
          if (outcome?.ok) waiting.resolve(outcome.result);
          else waiting.reject(outcome?.error);
        });
        return;
      }
      throw new TrawlError('SERVICE_UNAVAILABLE', `${this.what} is too contended; retry shortly`);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
