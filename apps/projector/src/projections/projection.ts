import type { RecordedEvent } from '#contracts';
import type { ReadModelDocuments } from './read-model-documents.js';

/** What a projection may read besides its own documents: the blobs events point to. */
export interface ProjectionContext {
  blobs: { getText(key: string): Promise<string | undefined> };
}

/**
 * One projection: the events it follows and how each changes its read models. The live
 * projector and `trawl rebuild`/`verify` both run `apply`, so a rebuild from position zero must
 * equal the live model; `apply` must therefore be deterministic and safe to repeat.
 */
export interface Projection {
  /** The durable consumer of the live projector (`<prefix>_<worker>`). */
  worker: string;
  /** The events followed: a category, optionally one type of it. */
  category: string;
  type?: string;
  /** The read models written, each a KV bucket `<prefix>_<name>`, with its entry lifetime. */
  readModels: { name: string; ttlMs?: number }[];
  apply(
    event: RecordedEvent,
    documents: Record<string, ReadModelDocuments>,
    context: ProjectionContext,
  ): Promise<void>;
}

/** Whether `event` is one the projection follows (what its consumer's subject filter selects). */
export function follows(projection: Projection, category: string, type: string): boolean {
  return projection.category === category && (projection.type === undefined || projection.type === type);
}
