import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { TrawlConfig } from '#config';
import type { EventStore } from '#event-store';
import { eventsCommand, parseSince } from './events.command.js';
import { historyCommand } from './history.command.js';
import { migrateCommand } from './migrate.command.js';
import { openConfiguredStore, openStoreUrl } from './open-store.js';

export const storeCommandsUsage = `  trawl history <stream> [--json]
  trawl events [--since <time|position>] [--type <EventType>] [--stream-prefix <prefix>]
  trawl migrate --from <store> --to <store> [--checkpoint <file>]     store: sqlite:<path> | esdb://…`;

/**
 * Commands that read (or copy) the event store itself, not the running service: an operator runs
 * them where the store is reachable. Undefined when `argv` is not one of them.
 */
export async function runStoreCommand(argv: string[], config: TrawlConfig): Promise<number | undefined> {
  const [command, ...rest] = argv;
  if (command === 'history') {
    const { positionals, values } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { json: { type: 'boolean' } },
    });
    const [streamId] = positionals;
    if (!streamId || positionals.length > 1) throw new Error('usage: trawl history <stream> [--json]');
    await withStore(await openConfiguredStore(config), (store) =>
      historyCommand(store, streamId, values.json ?? false),
    );
    return 0;
  }
  if (command === 'events') {
    const { values } = parseArgs({
      args: rest,
      options: { since: { type: 'string' }, type: { type: 'string' }, 'stream-prefix': { type: 'string' } },
    });
    const filter = {
      ...parseSince(values.since),
      ...(values.type ? { type: values.type } : {}),
      ...(values['stream-prefix'] ? { streamPrefix: values['stream-prefix'] } : {}),
    };
    const written = await withStore(await openConfiguredStore(config), (store) =>
      eventsCommand(store, filter),
    );
    process.stderr.write(`${written} events\n`);
    return 0;
  }
  if (command === 'migrate') {
    const { values } = parseArgs({
      args: rest,
      options: { from: { type: 'string' }, to: { type: 'string' }, checkpoint: { type: 'string' } },
    });
    const { from, to } = values;
    if (!from || !to)
      throw new Error('usage: trawl migrate --from <store> --to <store> [--checkpoint <file>]');
    if (from === to) throw new Error('--from and --to name the same store');
    const checkpoint = values.checkpoint ?? join(config.dataDir, 'migration-checkpoint.json');
    const source = await openStoreUrl(from, { mustExist: true });
    return withStore(source, async () =>
      withStore(await openStoreUrl(to, { mustExist: false }), (target) =>
        migrateCommand({ from, to }, { source, target }, checkpoint),
      ),
    );
  }
  return undefined;
}

async function withStore<T>(store: EventStore, use: (store: EventStore) => Promise<T>): Promise<T> {
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}
