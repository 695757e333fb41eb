import type { S3Client } from '@aws-sdk/client-s3';
import type { NatsConnection } from '@nats-io/transport-node';
import type { S3BlobSettings } from '#config';
import type { BlobStoreOpener } from './blob-store.js';
import { NatsBlobStore } from './nats-blob-store.js';
import type { S3BlobStore } from './s3/s3-blob-store.js';

/**
 * Named stores on S3 when a bucket is configured, else JetStream object store buckets. The AWS SDK
 * is loaded with the first S3 store, so processes without a bucket start without it.
 */
export function blobStoreOpener(nc: NatsConnection, s3?: S3BlobSettings): BlobStoreOpener {
  if (s3) {
    // The SDK and one client for every store, made when the first store is opened.
    let loaded: Promise<{ Store: typeof S3BlobStore; client: S3Client }> | undefined;
    return async (name, options) => {
      loaded ??= import('./s3/s3-blob-store.js').then((module) => ({
        Store: module.S3BlobStore,
        client: module.s3Client(s3),
      }));
      const { Store, client } = await loaded;
      return new Store(client, s3.bucket, name, options);
    };
  }
  return (name, options) => NatsBlobStore.open(nc, name, options);
}
