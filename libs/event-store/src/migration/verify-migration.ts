import { createHash, type Hash } from 'node:crypto';
import type { RecordedEvent } from '#contracts';
import type { EventStore } from '../event-store.port.js';
import { ORIGINAL_CREATED_AT, occurredAt } from './migrate-events.js';

/** One stream's fingerprint: how many events, and a SHA-256 over them in order. */
export interface StreamDigest {
  events: number;
  sha256: string;
}

export interface VerificationReport {
  sourceEvents: number;
  targetEvents: number;
  streams: number;
  /** Streams of the source whose copy differs or is missing. */
  mismatched: { streamId: string; source: StreamDigest; target?: StreamDigest }[];
  /** Streams only the target has (it was not empty, or something else wrote to it). */
  onlyInTarget: string[];
  ok: boolean;
}

/**
 * Per-stream digests over everything a migration must keep: id, type, data, metadata (but the
 * original-time key a migration adds) and the time the event occurred. Revisions and positions
 * are left out: each store numbers its own.
 */
export async function streamDigests(
  store: EventStore,
  batchSize = 1_000,
): Promise<Map<string, StreamDigest>> {
  const hashes = new Map<string, { events: number; hash: Hash }>();
  let position = 0;
  for (;;) {
    const page = await store.readAll({ afterPosition: position, maxCount: batchSize });
    if (page.length === 0) break;
    for (const event of page) {
      let stream = hashes.get(event.streamId);
      if (!stream) {
        stream = { events: 0, hash: createHash('sha256') };
        hashes.set(event.streamId, stream);
      }
      stream.events++;
      stream.hash.update(fingerprint(event));
    }
    position = (page.at(-1) as RecordedEvent).position;
  }
  return new Map(
    [...hashes].map(([streamId, { events, hash }]) => [streamId, { events, sha256: hash.digest('hex') }]),
  );
}

/** Compares source and target stream by stream: counts and hashes. */
export async function verifyMigration(source: EventStore, target: EventStore): Promise<VerificationReport> {
  const [from, to] = await Promise.all([streamDigests(source), streamDigests(target)]);
  const mismatched: VerificationReport['mismatched'] = [];
  for (const [streamId, digest] of from) {
    const copy = to.get(streamId);
    if (copy?.sha256 !== digest.sha256 || copy.events !== digest.events) {
      mismatched.push({ streamId, source: digest, ...(copy ? { target: copy } : {}) });
    }
  }
  const onlyInTarget = [...to.keys()].filter((streamId) => !from.has(streamId));
  const count = (digests: Map<string, StreamDigest>) =>
    [...digests.values()].reduce((n, d) => n + d.events, 0);
  return {
    sourceEvents: count(from),
    targetEvents: count(to),
    streams: from.size,
    mismatched,
    onlyInTarget,
    ok: mismatched.length === 0 && onlyInTarget.length === 0,
  };
}

function fingerprint(event: RecordedEvent): string {
  const { [ORIGINAL_CREATED_AT]: _original, ...metadata } = event.metadata;
  return `${canonicalJson([event.id, event.type, event.data, metadata, occurredAt(event)])}\n`;
}

/** JSON with object keys sorted, so equal values hash equally whatever order a store kept. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
