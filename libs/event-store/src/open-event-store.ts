import type { EventStore } from './event-store.port.js';
import { SqliteEventStore } from './sqlite/sqlite-event-store.js';

export interface EventStoreOptions {
  /** File of the embedded store (the default adapter). */
  sqlitePath: string;
}

/** Opens the configured adapter. The EventStoreDB adapter joins here with its own issue. */
export async function openEventStore(options: EventStoreOptions): Promise<EventStore> {
  return new SqliteEventStore(options.sqlitePath);
}
