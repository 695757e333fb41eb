import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { lazyKv } from '#messaging';
import { type IndexedPage, rankIndexedPages, SEARCH_INDEX_READ_MODEL } from './local-index.js';
import type { SearchHit, SearchProvider, SearchQuery } from './search-provider.js';
import { SearxngProvider } from './searxng.provider.js';

/** Searches the pages this team scraped with Trawl (the projector's search index): no external service. */
export class LocalSearchProvider implements SearchProvider {
  readonly name = 'local';
  /** The index holds pages, not news items or images. */
  readonly sources = ['web'] as const;
  private readonly kv: () => Promise<KV>;

  constructor(nc: NatsConnection, names: NatsNames) {
    this.kv = lazyKv(nc, names.kvBucket(SEARCH_INDEX_READ_MODEL));
  }

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const kv = await this.kv();
    const pages: IndexedPage[] = [];
    for await (const key of await kv.keys(`${query.teamId}.>`)) {
      const entry = await kv.get(key);
      if (entry?.operation === 'PUT') pages.push(entry.json<IndexedPage>());
    }
    return rankIndexedPages(pages, query.query, query);
  }
}

/** SearXNG when its URL is configured, else the local index: the provider `POST /v2/search` and search monitors ask. */
export function createSearchProvider(
  searxngUrl: string | undefined,
  nc: NatsConnection,
  names: NatsNames,
): SearchProvider {
  return searxngUrl ? new SearxngProvider(searxngUrl) : new LocalSearchProvider(nc, names);
}
