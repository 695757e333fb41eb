import { v7 as uuidv7 } from 'uuid';
import type { EventMetadata } from '#contracts';
import type { Decider, DomainEvent } from '#domain';
import { type EventStore, WrongExpectedRevisionError } from '#event-store';

const MAX_ATTEMPTS = 5;

/**
 * The one generic command handler: load the stream → fold → decide → append with the expected
 * revision. A concurrent writer makes the append fail; then it reloads and decides again.
 * Returns the stream's revision afterwards, so readers can wait for projections to catch up.
 */
export async function executeCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  metadata: EventMetadata,
): Promise<{ events: Event[]; revision: number }> {
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce(
      (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
      decider.initialState(),
    );
    const events = decider.decide(command, state);
    const current = history.length === 0 ? -1 : history[history.length - 1].revision;
    if (events.length === 0) return { events, revision: current };
    const expected = history.length === 0 ? 'no_stream' : current;
    try {
      await store.append(
        streamId,
        events.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
        expected,
      );
      return { events, revision: current + events.length };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
