import type { EventStore } from './event-store.port.js';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

export interface EventStoreOptions {
  /** File of the embedded store (the default adapter). */
  sqlitePath: string;
  /** `esdb://…`: EventStoreDB instead of sqlite. */
  eventStoreConnectionString?: string;
}

/** Opens the configured adapter: EventStoreDB when a connection string is given, else sqlite. */
export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  if (options.eventStoreConnectionString) {
    const store = EventStoreDbEventStore.connect(options.eventStoreConnectionString);
    // Fail at start, not at the first command, when the server cannot be reached.
    await store.ping();
    return store;
  }
  return new SqliteEventStore(options.sqlitePath);
}
