import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TrawlConfig } from '#config';
import { connectEventStoreDb, type EventStore, openEventStore, SqliteEventStore } from '#event-store';

/**
 * An event store named on the command line: `sqlite:<path>` or an EventStoreDB connection string
 * (`esdb://…`, `esdb+discover://…`). A sqlite source must exist: opening a mistyped path would
 * create an empty store and "migrate" nothing.
 */
export async function openStoreUrl(url: string, { mustExist }: { mustExist: boolean }): Promise<EventStore> {
  if (url.startsWith('sqlite:')) {
    const path = resolve(url.slice('sqlite:'.length));
    if (mustExist && !existsSync(path)) throw new Error(`no sqlite event store at ${path}`);
    mkdirSync(dirname(path), { recursive: true });
    return new SqliteEventStore(path);
  }
  if (/^esdb(\+discover)?:\/\//.test(url)) return connectEventStoreDb(url);
  throw new Error(`unknown event store "${redact(url)}": use sqlite:<path> or esdb://host:2113?tls=false`);
}

/** The store the service itself uses (EVENTSTORE_CONNECTION_STRING, else the sqlite file). */
export async function openConfiguredStore(config: TrawlConfig): Promise<EventStore> {
  if (!config.eventStoreConnectionString && !existsSync(config.sqlitePath)) {
    throw new Error(
      `no event store at ${config.sqlitePath} (set DATA_DIR, EVENTSTORE_SQLITE_PATH or EVENTSTORE_CONNECTION_STRING)`,
    );
  }
  return openEventStore(config);
}

/** A store URL fit for messages and checkpoint files: no password. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
