import type { NatsConnection } from '@nats-io/transport-node';
import type { S3BlobSettings } from '#config';
import type { BlobStoreOpener } from './blob-store.js';
import { NatsBlobStore } from './nats-blob-store.js';
import { S3BlobStore, s3Client } from './s3/s3-blob-store.js';

/** Named stores on S3 when a bucket is configured, else JetStream object store buckets. */
export function blobStoreOpener(nc: NatsConnection, s3?: S3BlobSettings): BlobStoreOpener {
  if (s3) {
    const client = s3Client(s3);
    return async (name, options) => new S3BlobStore(client, s3.bucket, name, options);
  }
  return (name, options) => NatsBlobStore.open(nc, name, options);
}
