import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3BlobSettings } from '#config';
import { type BlobStore, type BlobStoreOptions, toBytes } from '../blob-store.js';

/** The sweeper runs this often at most, and at least four times per TTL. */
const MAX_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** One client per process serves every named store of the bucket. */
export function s3Client(settings: S3BlobSettings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      sessionToken: settings.sessionToken,
    },
    // Checksums only where S3 requires them: older MinIO, Ceph and other S3-compatible servers
    // refuse the newer default (CRC32 trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

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
    private readonly bucket: string,
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

  async put(key: string, content: string | Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: toBytes(content) }),
    );
  }

  async getBytes(key: string): Promise<Uint8Array | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
      );
      if (this.expired(object.LastModified)) {
        await object.Body?.transformToByteArray();
        return undefined;
      }
      return await object.Body?.transformToByteArray();
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async getText(key: string): Promise<string | undefined> {
    const bytes = await this.getBytes(key);
    return bytes ? new TextDecoder().decode(bytes) : undefined;
  }

  /** Deleting a key that does not exist succeeds, as in S3. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  /** Deletes the entries that outlived the TTL; returns how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for await (const { key, lastModified } of this.list()) {
      if (!this.expired(lastModified)) continue;
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      deleted++;
    }
    return deleted;
  }

  async destroy(): Promise<void> {
    clearInterval(this.sweeper);
    for await (const { key } of this.list())
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  private async *list(): AsyncGenerator<{ key: string; lastModified?: Date }> {
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: this.prefix },
    )) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified };
      }
    }
  }

  private expired(lastModified: Date | undefined): boolean {
    const ttlMs = this.options.ttlMs;
    return ttlMs !== undefined && lastModified !== undefined && Date.now() - lastModified.getTime() > ttlMs;
  }
}
