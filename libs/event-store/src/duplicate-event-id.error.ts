/** An event id is already stored, and not as a retry of the very same batch: ids must be unique. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly eventId: string,
    readonly streamId: string,
  ) {
    super(`Event id ${eventId} is already stored (appending to stream ${streamId})`);
    this.name = 'DuplicateEventIdError';
  }
}
