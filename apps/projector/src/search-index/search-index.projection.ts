import { SCRAPE_CATEGORY, type ScrapeCompleted } from '#contracts';
import { type IndexedPage, indexedPageOf, indexKey, newestEntry, SEARCH_INDEX_READ_MODEL } from '#search';
import type { Projection } from '../projections/projection.js';

/**
 * The local search provider's index: per team, the newest scrape of each page (title,
 * description, markdown: the newest that has one), from ScrapeCompleted events and the documents
 * they point to. A document whose blob has expired indexes nothing, live and in a rebuild alike.
 */
export const searchIndexProjection: Projection = {
  worker: 'projector_search_index',
  category: SCRAPE_CATEGORY,
  type: 'ScrapeCompleted',
  readModels: [{ name: SEARCH_INDEX_READ_MODEL }],
  async apply(event, documents, { blobs }) {
    const { teamId, documentBlob, url, fetchedAt } = event.data as ScrapeCompleted['data'];
    const text = await blobs.getText(documentBlob);
    if (!text) return;
    const page = indexedPageOf(JSON.parse(text), url, fetchedAt);
    if (!page) return;
    const index = documents[SEARCH_INDEX_READ_MODEL];
    const key = indexKey(teamId, url);
    const stored = await index.get(key);
    const current = stored ? (JSON.parse(stored) as IndexedPage) : undefined;
    const entry = newestEntry(current, page);
    if (entry !== current) await index.put(key, JSON.stringify(entry));
  },
};
