import type { EventStore } from './event-store.port.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

export interface EventStoreOptions {
  /** File of the embedded store (the default adapter). */
  sqlitePath: string;
  /** `esdb://…`: EventStoreDB instead of sqlite. */
  eventStoreConnectionString?: string;
}

/** Opens the configured adapter: EventStoreDB when a connection string is given, else sqlite. */
export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  if (options.eventStoreConnectionString) return connectEventStoreDb(options.eventStoreConnectionString);
  return new SqliteEventStore(options.sqlitePath);
}

/**
 * EventStoreDB at `connectionString`, checked reachable. Its gRPC client (~170 modules) is loaded
 * here, on first use, so processes on the embedded store and CLI commands that do not read the
 * store start without it.
 */
export async function connectEventStoreDb(connectionString: string): Promise<EventStore> {
  const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store.js');
  const store = EventStoreDbEventStore.connect(connectionString);
  // Fail at start, not at the first command, when the server cannot be reached.
  await store.ping();
  return store;
}
