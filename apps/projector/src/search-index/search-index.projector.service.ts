import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type NatsNames, SCRAPE_CATEGORY, type ScrapeCompleted } from '#contracts';
import {
  BLOB_STORE,
  type BlobStore,
  consumeEvents,
  NATS_CONNECTION,
  NATS_NAMES,
  type RunningConsumer,
} from '#messaging';
import { type IndexedPage, indexedPageOf, indexKey, SEARCH_INDEX_READ_MODEL } from '#search';

/**
 * The local search provider's index: per team, the newest scrape of each page (title,
 * description, markdown), from ScrapeCompleted events and the documents they point to.
 */
@Injectable()
export class SearchIndexProjector implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: RunningConsumer;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async onApplicationBootstrap() {
    const kv: KV = await new Kvm(this.nc).create(this.names.kvBucket(SEARCH_INDEX_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_search_index',
      kind: 'projection',
      category: SCRAPE_CATEGORY,
      type: 'ScrapeCompleted',
      // One at a time: the newer-wins check and the write must not interleave.
      concurrency: 1,
      ackWaitMs: 10_000,
      handle: async (event) => {
        const { teamId, documentBlob, url, fetchedAt } = event.data as ScrapeCompleted['data'];
        const text = await this.blobs.getText(documentBlob);
        if (!text) return;
        const page = indexedPageOf(JSON.parse(text), url, fetchedAt);
        if (!page) return;
        const key = indexKey(teamId, url);
        const current = (await kv.get(key))?.json<IndexedPage>();
        if (current && current.scrapedAt >= page.scrapedAt) return;
        await kv.put(key, JSON.stringify(page));
      },
    });
  }

  async onApplicationShutdown() {
    await this.consumer?.stop();
  }
}
