import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { lazyKv } from '#messaging';
import { type IndexedPage, indexKey, rankIndexedPages, SEARCH_INDEX_READ_MODEL } from './local-index.js';
import type { SearchHit, SearchProvider, SearchQuery } from './search-provider.js';
import { SearxngProvider } from './searxng.provider.js';

/** The projector's search index of the pages each team scraped (KV `<prefix>_search_index`). */
export class SearchIndex {
  private readonly kv: () => Promise<KV>;

  constructor(nc: NatsConnection, names: NatsNames) {
    this.kv = lazyKv(nc, names.kvBucket(SEARCH_INDEX_READ_MODEL));
  }

  async pages(teamId: string): Promise<IndexedPage[]> {
    const kv = await this.kv();
    const pages: IndexedPage[] = [];
    for await (const key of await kv.keys(`${teamId}.>`)) {
      const entry = await kv.get(key);
      if (entry?.operation === 'PUT') pages.push(entry.json<IndexedPage>());
    }
    return pages;
  }

  /** The team's latest scrape of this URL, when it has one. */
  async page(teamId: string, url: string): Promise<IndexedPage | undefined> {
    const entry = await (await this.kv()).get(indexKey(teamId, url));
    return entry?.operation === 'PUT' ? entry.json<IndexedPage>() : undefined;
  }
}

/** Searches the pages this team scraped with Trawl (the projector's search index): no external service. */
export class LocalSearchProvider implements SearchProvider {
  readonly name = 'local';
  // The team's own pages have no country to search from.
  readonly geoTargeted = false;
  /** The index holds pages, not news items or images. */
  readonly sources = ['web'] as const;

  constructor(private readonly index: SearchIndex) {}

  async search(query: SearchQuery): Promise<SearchHit[]> {
    return rankIndexedPages(await this.index.pages(query.teamId), query.query, query);
  }
}

/** SearXNG when its URL is configured, else the local index: the provider `POST /v2/search` and search monitors ask. */
export function createSearchProvider(searxngUrl: string | undefined, index: SearchIndex): SearchProvider {
  return searxngUrl ? new SearxngProvider(searxngUrl) : new LocalSearchProvider(index);
}
