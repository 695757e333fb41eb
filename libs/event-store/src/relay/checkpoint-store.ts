import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { openKv } from '#messaging';

/** Where a reader of the global event order remembers how far it got. */
export interface CheckpointStore {
  /** The last position processed; 0 when the reader never ran. */
  load(name: string): Promise<number>;
  save(name: string, position: number): Promise<void>;
}

/** Checkpoints in the JetStream KV bucket `<prefix>_checkpoints`, shared by every instance. */
export class KvCheckpointStore implements CheckpointStore {
  private constructor(private readonly kv: KV) {}

  static async open(nc: NatsConnection, names: NatsNames): Promise<KvCheckpointStore> {
    return new KvCheckpointStore(await openKv(nc, names.kvBucket('checkpoints'), { history: 1 }));
  }

  async load(name: string): Promise<number> {
    const entry = await this.kv.get(name);
    if (!entry || entry.length === 0) return 0;
    const position = Number(entry.string());
    // A garbled checkpoint must stop the reader, not replay or skip the log.
    if (!Number.isSafeInteger(position) || position < 0) {
      throw new Error(`Checkpoint ${name} holds "${entry.string()}", not a position`);
    }
    return position;
  }

  async save(name: string, position: number): Promise<void> {
    await this.kv.put(name, String(position));
  }
}
