/** An event as the domain sees it: a tagged record, before the store gives it an id and position. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** An aggregate as three pure functions (see DESIGN.md, "Deciders, not classes"). */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
  /** Throws a DomainError when the state forbids the command; [] when it is already done. */
  decide(command: Command, state: State): Event[];
}

/** A command the aggregate's state forbids; `code` is the API error code. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unhandled variant: ${JSON.stringify(value)}`);
}
