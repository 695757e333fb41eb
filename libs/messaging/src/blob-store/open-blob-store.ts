import type { S3Client } from '@aws-sdk/client-s3';
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
    let loading: Promise<typeof import('./s3/s3-blob-store.js')> | undefined;
    let client: S3Client | undefined;
    return async (name, options) => {
      loading ??= import('./s3/s3-blob-store.js');
      const { S3BlobStore, s3Client } = await loading;
      client ??= s3Client(s3);
      return new S3BlobStore(client, s3.bucket, name, options);
    };
  }
  return (name, options) => NatsBlobStore.open(nc, name, options);
}
