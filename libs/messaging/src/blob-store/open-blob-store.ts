import type { NatsConnection } from '@nats-io/transport-node';
import type { BlobStoreOpener } from './blob-store.js';
import { NatsBlobStore } from './nats-blob-store.js';
import { S3BlobStore } from './s3/s3-blob-store.js';
import type { S3Settings } from './s3/s3-client.js';

/** Named stores on S3 when a bucket is configured, else JetStream object store buckets. */
export function blobStoreOpener(nc: NatsConnection, s3?: S3Settings): BlobStoreOpener {
  if (s3) return async (name, options) => S3BlobStore.open(s3, name, options);
  return (name, options) => NatsBlobStore.open(nc, name, options);
}
