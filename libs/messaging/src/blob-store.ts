import { type ObjectStore, Objm } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * Page bodies and documents live here, not in events: NATS messages are capped at 1 MB, so events
 * carry only the blob key. Backed by a JetStream object store bucket.
 */
export class BlobStore {
  private constructor(private readonly store: ObjectStore) {}

  static async open(
    nc: NatsConnection,
    bucket: string,
    options: { ttlMs?: number } = {},
  ): Promise<BlobStore> {
    const objm = new Objm(nc);
    const store = await objm.create(bucket, options.ttlMs ? { ttl: options.ttlMs * 1_000_000 } : {});
    return new BlobStore(store);
  }

  async put(key: string, content: string | Uint8Array): Promise<void> {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    await this.store.putBlob({ name: key }, bytes);
  }

  async getBytes(key: string): Promise<Uint8Array | undefined> {
    return (await this.store.getBlob(key)) ?? undefined;
  }

  async getText(key: string): Promise<string | undefined> {
    const bytes = await this.store.getBlob(key);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  }

  async delete(key: string): Promise<void> {
    await this.store.delete(key);
  }

  async destroy(): Promise<void> {
    await this.store.destroy();
  }
}
