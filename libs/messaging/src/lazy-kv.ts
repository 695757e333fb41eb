import { type KV, Kvm, type KvOptions } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

/** A read-model bucket opened (created if missing) on first use, then reused; a failed open is retried on next use. */
export function lazyKv(
  nc: NatsConnection,
  bucket: string,
  options: Partial<KvOptions> = {},
): () => Promise<KV> {
  let kv: Promise<KV> | undefined;
  return () => {
    kv ??= new Kvm(nc).create(bucket, options).catch((error: unknown) => {
      kv = undefined;
      throw error;
    });
    return kv;
  };
}
