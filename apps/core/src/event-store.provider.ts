import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Provider } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { openEventStore } from '#event-store';

export const EVENT_STORE = Symbol('EVENT_STORE');

/** The source of truth; core is its only writer. EventStoreDB when EVENTSTORE_CONNECTION_STRING is set. */
export const eventStoreProvider: Provider = {
  provide: EVENT_STORE,
  inject: [TRAWL_CONFIG],
  useFactory: async (config: TrawlConfig) => {
    if (!config.eventStoreConnectionString) mkdirSync(dirname(config.sqlitePath), { recursive: true });
    return openEventStore(config);
  },
};
