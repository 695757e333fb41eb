import type { RecordedEvent } from '#contracts';
import { indexKey, SEARCH_INDEX_READ_MODEL } from '#search';
import { mapDocuments } from '../projections/read-model-documents.js';
import { searchIndexProjection } from './search-index.projection.js';

const completed = (
  statusCode: number,
  fetchedAt: string,
  blob: string,
  textBlob?: string,
): RecordedEvent => ({
  id: `e-${fetchedAt}`,
  type: 'ScrapeCompleted',
  data: {
    scrapeId: 's1',
    teamId: 't1',
    documentBlob: blob,
    ...(textBlob ? { textBlob } : {}),
    url: 'http://a.test/tide',
    statusCode,
    fetchedAt,
  },
  streamId: 'scrape-s1',
  revision: 2,
  position: 9,
  metadata: {},
  createdAt: fetchedAt,
});

describe('search index projection', () => {
  it('indexes pages that answered, and forgets a page once it answers an error', async () => {
    const model = new Map<string, string>();
    const documents = { [SEARCH_INDEX_READ_MODEL]: mapDocuments(model) };
    const blobs = {
      getText: async (key: string) =>
        ({
          ok: JSON.stringify({ markdown: '# Tide tables', metadata: { title: 'Tide tables' } }),
          gone: JSON.stringify({ markdown: '# Not found', metadata: { title: 'Not found' } }),
        })[key],
    };
    const apply = (event: RecordedEvent) => searchIndexProjection.apply(event, documents, { blobs });
    const key = indexKey('t1', 'http://a.test/tide');

    await apply(completed(404, '2026-12-01T00:00:00Z', 'gone'));
    expect(model.has(key)).toBe(false);
    await apply(completed(200, '2026-12-02T00:00:00Z', 'ok'));
    expect(JSON.parse(model.get(key) as string)).toMatchObject({ title: 'Tide tables' });
    // An error older than the entry (met late in a replay) leaves it; a newer one removes it.
    await apply(completed(500, '2026-12-01T12:00:00Z', 'gone'));
    expect(model.has(key)).toBe(true);
    await apply(completed(404, '2026-12-03T00:00:00Z', 'gone'));
    expect(model.has(key)).toBe(false);
  });

  it('indexes what a page scraped for json alone says, from the text beside its document', async () => {
    const model = new Map<string, string>();
    const documents = { [SEARCH_INDEX_READ_MODEL]: mapDocuments(model) };
    const blobs = {
      getText: async (key: string) =>
        ({
          json: JSON.stringify({ json: { title: 'Tide tables' }, metadata: { title: 'Tide tables' } }),
          text: '# Tide tables\n\nSpring tides come at new and full moon.',
        })[key],
    };
    await searchIndexProjection.apply(completed(200, '2026-12-02T00:00:00Z', 'json', 'text'), documents, {
      blobs,
    });
    expect(JSON.parse(model.get(indexKey('t1', 'http://a.test/tide')) as string)).toMatchObject({
      title: 'Tide tables',
      text: '# Tide tables\n\nSpring tides come at new and full moon.',
    });
  });
});
