/**
 * Where page bodies, documents and files live (events carry only their keys: NATS messages are
 * capped at 1 MB). One port, two adapters: the JetStream object store (the default) and an
 * S3-compatible bucket. Both pass `describeBlobStoreContract`.
 */
export interface BlobStore {
  put(key: string, content: string | Uint8Array): Promise<void>;
  /** The stored bytes, or undefined when the key is unknown or its entry expired. */
  getBytes(key: string): Promise<Uint8Array | undefined>;
  getText(key: string): Promise<string | undefined>;
  delete(key: string): Promise<void>;
  /** Removes the whole store (tests clean up with it). */
  destroy(): Promise<void>;
}

export interface BlobStoreOptions {
  /** Entries expire this long after they were written (files handed out by expiring URL). */
  ttlMs?: number;
}

/** Opens a named store (`<prefix>_blobs`, `<prefix>_files`, …) on the configured backend. */
export type BlobStoreOpener = (name: string, options?: BlobStoreOptions) => Promise<BlobStore>;

export const toBytes = (content: string | Uint8Array): Uint8Array =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content;
