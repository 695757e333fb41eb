import type { StreamMetadata } from '../event-store.port.js';

/**
 * EventStoreDB's stream metadata document, as stored in `$$<stream>`: system keys `$maxAge`,
 * `$maxCount`, `$tb` (truncate before), `$acl`, `$cacheControl`; every other key is the user's.
 */
export type RawStreamMetadata = Record<string, unknown>;

const TRUNCATE_BEFORE = '$tb';
const MAX_AGE = '$maxAge';
const MAX_COUNT = '$maxCount';

/**
 * A soft delete sets `$tb` to Int64.MaxValue; as a JSON number it arrives rounded to 2^63.
 * Anything that large can only be that marker: no stream holds 2^53 events.
 */
function isDeletedMarker(truncateBefore: number): boolean {
  return truncateBefore > Number.MAX_SAFE_INTEGER;
}

/** The revision below which events are hidden (truncation or soft delete); 0 when none. */
export function hiddenBelow(raw: RawStreamMetadata): number {
  const value = raw[TRUNCATE_BEFORE];
  return typeof value === 'number' && value > 0 ? value : 0;
}

/** The port's view: the soft-delete marker is not a truncation the caller chose, so it is left out. */
export function toPortMetadata(raw: RawStreamMetadata): StreamMetadata {
  const metadata: StreamMetadata = {};
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === MAX_AGE && typeof value === 'number') metadata.maxAge = value;
    else if (key === MAX_COUNT && typeof value === 'number') metadata.maxCount = value;
    else if (key === TRUNCATE_BEFORE && typeof value === 'number' && !isDeletedMarker(value)) {
      metadata.truncateBefore = value;
    } else if (!key.startsWith('$')) custom[key] = value;
  }
  if (Object.keys(custom).length > 0) metadata.custom = custom;
  return metadata;
}

/**
 * The document to write for `metadata`, replacing `current`. Truncation and deletion are
 * permanent (as the port says; a scavenge would remove those events for good), so `$tb` never
 * goes below the current one. Other system keys (`$acl`, `$cacheControl`) set by operators stay.
 */
export function toRawMetadata(metadata: StreamMetadata, current: RawStreamMetadata = {}): RawStreamMetadata {
  // JSON numbers cannot carry Int64.MaxValue exactly, so the marker could not be written back.
  if (isDeletedMarker(hiddenBelow(current))) {
    throw new StreamDeletedForMetadataError();
  }
  const raw: RawStreamMetadata = {};
  for (const [key, value] of Object.entries(current)) {
    if (key.startsWith('$') && key !== MAX_AGE && key !== MAX_COUNT && key !== TRUNCATE_BEFORE)
      raw[key] = value;
  }
  for (const [key, value] of Object.entries(metadata.custom ?? {})) {
    if (key.startsWith('$'))
      throw new RangeError(`custom stream metadata key ${key}: "$" keys are EventStoreDB's`);
    raw[key] = value;
  }
  if (metadata.maxAge !== undefined) raw[MAX_AGE] = metadata.maxAge;
  if (metadata.maxCount !== undefined) raw[MAX_COUNT] = metadata.maxCount;
  const truncateBefore = Math.max(metadata.truncateBefore ?? 0, hiddenBelow(current));
  if (truncateBefore > 0) raw[TRUNCATE_BEFORE] = truncateBefore;
  return raw;
}

/** `current` with `$tb` raised to `beforeRevision` (never lowered); undefined when nothing changes. */
export function withTruncation(
  current: RawStreamMetadata,
  beforeRevision: number,
): RawStreamMetadata | undefined {
  if (hiddenBelow(current) >= beforeRevision) return undefined;
  return { ...current, [TRUNCATE_BEFORE]: Math.max(hiddenBelow(current), beforeRevision) };
}

/** Metadata of a soft-deleted stream cannot be replaced without undeleting it. */
export class StreamDeletedForMetadataError extends Error {
  constructor() {
    super('The stream is soft-deleted: append to it (which starts it again) before setting its metadata');
    this.name = 'StreamDeletedForMetadataError';
  }
}
