import { type KV, Kvm, type KvOptions } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

/**
 * A read-model bucket, created when missing. Services open their buckets at once on start, in one
 * process and across processes: when two find a bucket missing, both create it and the second
 * creation fails (JetStream: "stream name already in use"); opening it again then finds the one the
 * other made. Every opener of a bucket passes the same options (its TTL), so whichever creates it
 * makes it as all expect.
 */
export async function openKv(
  nc: NatsConnection,
  bucket: string,
  options: Partial<KvOptions> = {},
): Promise<KV> {
  const kvm = new Kvm(nc);
  return kvm.create(bucket, options).catch((error: unknown) =>
    kvm.create(bucket, options).catch(() => {
      throw error;
    }),
  );
}

/** A read-model bucket opened (created if missing) on first use, then reused; a failed open is retried on next use. */
export function lazyKv(
  nc: NatsConnection,
  bucket: string,
  options: Partial<KvOptions> = {},
): () => Promise<KV> {
  let kv: Promise<KV> | undefined;
  return () => {
    kv ??= openKv(nc, bucket, options).catch((error: unknown) => {
      kv = undefined;
      throw error;
    });
    return kv;
  };
}
