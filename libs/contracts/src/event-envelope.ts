/** Metadata every event carries. `correlationId` follows one user request through every app. */
export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  teamId?: string;
  /** Version of the event's data shape; old shapes are upcast when read, at the store adapter. */
  schemaVersion?: number;
  [key: string]: unknown;
}

/** An event as committed to the store and as published on NATS (JSON, one event per message). */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  /** Event id (UUID); also the JetStream `Nats-Msg-Id`, so a relay re-publish is deduplicated. */
  id: string;
  type: Type;
  streamId: string;
  /** 0-based revision within its stream. */
  revision: number;
  /** Global position in the store (1-based, gapless in commit order for the sqlite store). */
  position: number;
  data: Data;
  metadata: EventMetadata;
  /** ISO-8601 commit time. */
  createdAt: string;
}

/** The category of a stream id `<category>-<id>`, e.g. `scrape` for `scrape-0193…`. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
