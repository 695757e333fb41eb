import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { lazyKv } from '#messaging';
import {
  type IndexedPage,
  rankIndexedPages,
  SEARCH_INDEX_READ_MODEL,
  type SearchHit,
  type SearchProvider,
  type SearchQuery,
} from '#search';

/** Searches the pages this team scraped with Trawl (the projector's search index): no external service. */
export class LocalSearchProvider implements SearchProvider {
  readonly name = 'local';
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
