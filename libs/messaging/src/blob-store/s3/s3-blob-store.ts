import { type BlobStore, type BlobStoreOptions, toBytes } from '../blob-store.js';
import { S3Client, type S3Settings } from './s3-client.js';

/** The sweeper runs this often at most, and at least four times per TTL. */
const MAX_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A named store as the key prefix `<name>/` of one S3 bucket. S3 lifecycle rules count in whole
 * days, too coarse for one-hour media, so a TTL is kept here: an entry older than the TTL reads
 * as missing, and a sweeper deletes such entries in the background (every instance may sweep:
 * deletes are idempotent).
 */
export class S3BlobStore implements BlobStore {
  private readonly prefix: string;
  private readonly sweeper?: NodeJS.Timeout;

  constructor(
    private readonly client: S3Client,
    name: string,
    private readonly options: BlobStoreOptions = {},
  ) {
    this.prefix = `${name}/`;
    const ttlMs = options.ttlMs;
    if (ttlMs) {
      this.sweeper = setInterval(
        () => this.sweep().catch(() => undefined),
        Math.min(MAX_SWEEP_INTERVAL_MS, Math.ceil(ttlMs / 4)),
      );
      // Sweeping never keeps a process alive.
      this.sweeper.unref();
    }
  }

  static open(settings: S3Settings, name: string, options: BlobStoreOptions = {}): S3BlobStore {
    return new S3BlobStore(new S3Client(settings), name, options);
  }

  async put(key: string, content: string | Uint8Array): Promise<void> {
    await this.client.putObject(this.prefix + key, toBytes(content));
  }

  async getBytes(key: string): Promise<Uint8Array | undefined> {
    const object = await this.client.getObject(this.prefix + key);
    if (!object || this.expired(object.lastModified)) return undefined;
    return object.bytes;
  }

  async getText(key: string): Promise<string | undefined> {
    const bytes = await this.getBytes(key);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  }

  async delete(key: string): Promise<void> {
    await this.client.deleteObject(this.prefix + key);
  }

  /** Deletes the entries that outlived the TTL; returns how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for await (const object of this.client.listObjects(this.prefix)) {
      if (!this.expired(object.lastModified)) continue;
      await this.client.deleteObject(object.key);
      deleted++;
    }
    return deleted;
  }

  async destroy(): Promise<void> {
    clearInterval(this.sweeper);
    for await (const object of this.client.listObjects(this.prefix))
      await this.client.deleteObject(object.key);
  }

  private expired(lastModified: Date): boolean {
    return this.options.ttlMs !== undefined && Date.now() - lastModified.getTime() > this.options.ttlMs;
  }
}
