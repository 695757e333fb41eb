/** Operator queries that core answers from the event store (request/reply, never captured by a stream). */
export const AUDIT_CATEGORY = 'audit';

/** One line of a stream's history (the shape of `trawl history --json` without data and metadata). */
export interface StreamHistoryEntry {
  time: string;
  revision: number;
  position: number;
  type: string;
  correlationId?: string;
  causationId?: string;
  summary: string;
}

/** A page of `GET /v2/admin/streams/{stream}`; `nextRevision` is where the next page starts. */
export interface StreamHistoryPage {
  streamId: string;
  events: StreamHistoryEntry[];
  nextRevision: number | null;
}
