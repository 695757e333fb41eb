import { v7 as uuidv7 } from 'uuid';
import type { EventMetadata } from '#contracts';
import type { Decider, DomainEvent } from '#domain';
import { type EventStore, WrongExpectedRevisionError } from '#event-store';

const MAX_ATTEMPTS = 5;

/**
 * Folded state of streams this process wrote, by stream id, so a long stream (a credit ledger)
 * is read from its last known revision instead of from the start on every command.
 */
export type StreamStateCache<State> = Map<string, { state: State; revision: number }>;

/**
 * The one generic command handler: load the stream → fold → decide → append with the expected
 * revision. A concurrent writer makes the append fail; then it reloads and decides again.
 */
export async function executeCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  metadata: EventMetadata,
  cache?: StreamStateCache<State>,
): Promise<Event[]> {
  for (let attempt = 1; ; attempt++) {
    const known = cache?.get(streamId);
    const history = await store.readStream(streamId, known ? { fromRevision: known.revision + 1 } : {});
    const state = history.reduce(
      (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
      known?.state ?? decider.initialState(),
    );
    const revision = history.length > 0 ? history[history.length - 1].revision : known?.revision;
    if (cache && revision !== undefined) cache.set(streamId, { state, revision });
    const events = decider.decide(command, state);
    if (events.length === 0) return events;
    const expected = revision === undefined ? 'no_stream' : revision;
    try {
      await store.append(
        streamId,
        events.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
        expected,
      );
      return events;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
