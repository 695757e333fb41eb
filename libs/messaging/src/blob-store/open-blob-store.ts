import type { NatsConnection } from '@nats-io/transport-node';
import type { S3BlobSettings } from '#config';
import type { BlobStoreOpener } from './blob-store.js';
import { NatsBlobStore } from './nats-blob-store.js';

/**
 * Named stores on S3 when a bucket is configured, else JetStream object store buckets. The AWS SDK
 * is loaded with the first S3 store, so processes without a bucket start without it.
 */
export function blobStoreOpener(nc: NatsConnection, s3?: S3BlobSettings): BlobStoreOpener {
  if (s3) {
    // One client and one opener, made when the first store is opened.
    let s3Opener: Promise<BlobStoreOpener> | undefined;
    return async (name, options) => {
      s3Opener ??= import('./s3/s3-blob-store.js').then(({ S3BlobStore, s3Client }) => {
        const client = s3Client(s3);
        return async (storeName, storeOptions) => new S3BlobStore(client, s3.bucket, storeName, storeOptions);
      });
      return (await s3Opener)(name, options);
    };
  }
  return (name, options) => NatsBlobStore.open(nc, name, options);
}
