import { type ObjectStore, Objm } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import { type BlobStore, type BlobStoreOptions, toBytes } from './blob-store.js';

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

  async getBytes(key: string): Promise<Uint8Array | undefined> {
    return (await this.store.getBlob(key)) ?? undefined;
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
