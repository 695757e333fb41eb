import { type Decider, DomainError, type DomainEvent, fold } from './decider.js';

/** Given/when/then for decider tests: `given(decider, events).when(command)` returns what it decides. */
export function given<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  history: Event[],
) {
  return {
    when: (command: Command): Event[] => decider.decide(command, fold(decider, history)),
    state: (): State => fold(decider, history),
  };
}

/** The code of the DomainError `decide` throws; any other outcome fails the test. */
export function rejectionCode(decide: () => unknown): string {
  try {
    decide();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
}
