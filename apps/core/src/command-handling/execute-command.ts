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
 *
 * An empty read does not prove the stream is new: retention (truncation, `maxAge`) may hide every
 * event of a stream that goes on. Its revision then comes with the conflict, and the next attempt
 * expects exactly that revision, so the guard against concurrent writers stays.
 *
 * Returns the stream's revision afterwards, so readers can wait for projections to catch up.
 */
export async function executeCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  metadata: EventMetadata,
  cache?: StreamStateCache<State>,
): Promise<{ events: Event[]; revision: number }> {
  /** Revision of a stream whose events are all hidden, learned from a conflict. */
  let hiddenRevision: number | undefined;
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadState(store, decider, streamId, cache);
    const events = decider.decide(command, state);
    const current = revision ?? hiddenRevision ?? -1;
    if (events.length === 0) return { events, revision: current };
    const expected = revision ?? hiddenRevision ?? 'no_stream';
    try {
      await store.append(
        streamId,
        events.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
        expected,
      );
      return { events, revision: current + events.length };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      hiddenRevision = revision === undefined && typeof error.actual === 'number' ? error.actual : undefined;
    }
  }
}

/**
 * A stream's folded state and revision (undefined for a stream with no events to read), read from
 * the cache's revision on when it holds the stream. A cached state is folded further in place by
 * deciders that mutate (the crawl's), so one process must not load one stream twice at once.
 */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, unknown, Event>,
  streamId: string,
  cache?: StreamStateCache<State>,
): Promise<{ state: State; revision: number | undefined }> {
  const known = cache?.get(streamId);
  const history = await store.readStream(streamId, known ? { fromRevision: known.revision + 1 } : {});
  const state = history.reduce(
    (s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event),
    known?.state ?? decider.initialState(),
  );
  const revision = history.length > 0 ? history[history.length - 1].revision : known?.revision;
  if (cache && revision !== undefined) cache.set(streamId, { state, revision });
  return { state, revision };
}
