import { SCRAPE_CATEGORY, type ScrapeCompleted } from '#contracts';
import { type IndexedPage, indexedPageOf, indexKey, newestEntry, SEARCH_INDEX_READ_MODEL } from '#search';
import type { Projection } from '../projections/projection.js';
import { documentOf } from '../projections/read-model-documents.js';

/**
 * The local search provider's index (which `/v2/map` also reads): per team, the newest scrape of
 * each page (title, description, markdown: the newest that has one), from ScrapeCompleted events and
 * the documents they point to (and, for a document without markdown, the text blob beside it). A
 * page that answered an error (404, 500) is no page to find: its scrape indexes nothing and drops an
 * older entry, since the page is gone. A document whose blob has expired indexes nothing, live and in
 * a rebuild alike.
 */
export const searchIndexProjection: Projection = {
  worker: 'projector_search_index',
  category: SCRAPE_CATEGORY,
  type: 'ScrapeCompleted',
  readModels: [{ name: SEARCH_INDEX_READ_MODEL }],
  async apply(event, documents, { blobs }) {
    const { teamId, documentBlob, textBlob, url, fetchedAt, statusCode } =
      event.data as ScrapeCompleted['data'];
    const index = documents[SEARCH_INDEX_READ_MODEL];
    const key = indexKey(teamId, url);
    const current = await documentOf<IndexedPage>(index, key);
    if (statusCode >= 400) {
      if (current && current.scrapedAt <= fetchedAt) await index.remove(key);
      return;
    }
    const text = await blobs.getText(documentBlob);
    if (!text) return;
    const document = JSON.parse(text);
    // A document without markdown (a scrape for json alone) points to the main content's text apart.
    if (document.markdown === undefined && textBlob) document.markdown = await blobs.getText(textBlob);
    const page = indexedPageOf(document, url, fetchedAt);
    if (!page) return;
    const entry = newestEntry(current, page);
    if (entry !== current) await index.put(key, JSON.stringify(entry));
  },
};
