import { type ObjectStore, Objm } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import { type BlobStore, type BlobStoreOptions, toBytes } from './blob-store.js';

/** How often a read that waits for an entry's chunks checks that the entry still exists. */
const STALLED_READ_CHECK_MS = 2_000;

/** A JetStream object store bucket; its TTL is the bucket's own max age. */
export class NatsBlobStore implements BlobStore {
  private constructor(private readonly store: ObjectStore) {}

  static async open(
    nc: NatsConnection,
    bucket: string,
    options: BlobStoreOptions = {},
  ): Promise<NatsBlobStore> {
    const objm = new Objm(nc);
    const store = await objm.create(bucket, options.ttlMs ? { ttl: options.ttlMs * 1_000_000 } : {});
    return new NatsBlobStore(store);
  }

  async put(key: string, content: string | Uint8Array): Promise<void> {
    await this.store.putBlob({ name: key }, toBytes(content));
  }

  /**
   * An entry's chunks are written, so expire, just before its description: a read that finds the
   * description of an entry whose chunks just expired would wait for them forever. So while it
   * reads, the read checks every few seconds that the entry still exists, and answers undefined
   * once it does not.
   */
  async getBytes(key: string): Promise<Uint8Array | undefined> {
    const entry = await this.store.get(key);
    if (!entry) return undefined;
    const reader = entry.data.getReader();
    const chunks: Uint8Array[] = [];
    let gone = false;
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      this.store.info(key).then(
        (info) => {
          checking = false;
          if (info && !info.deleted) return;
          gone = true;
          reader.cancel().catch(() => undefined);
        },
        () => {
          checking = false;
        },
      );
    }, STALLED_READ_CHECK_MS);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value?.length) chunks.push(value);
      }
    } finally {
      clearInterval(watch);
    }
    if (gone) return undefined;
    const error = await entry.error;
    if (error) throw error;
    return new Uint8Array(Buffer.concat(chunks));
  }

  async getText(key: string): Promise<string | undefined> {
    const bytes = await this.getBytes(key);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  }

  async delete(key: string): Promise<void> {
    await this.store.delete(key);
  }

  async destroy(): Promise<void> {
    await this.store.destroy();
  }
}
