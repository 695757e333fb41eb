import type { RecordedEvent } from '#contracts';
import type { EventStore } from '#event-store';
import { indexKey } from '#search';
import { ALL_PROJECTIONS } from '../projections/all-projections.js';
import { diffReadModels, type ReadModel, rebuildReadModels } from './rebuild-read-model.js';

let position = 0;
const recorded = (streamId: string, type: string, data: unknown): RecordedEvent => ({
  id: `e-${++position}`,
  type,
  streamId,
  revision: 0,
  position,
  data,
  metadata: {},
  createdAt: '2026-11-23T10:00:00.000Z',
});

/** An event store holding `events` in the order given, read the way a rebuild reads it. */
const storeOf = (events: RecordedEvent[]) =>
  ({
    headPosition: async () => events.length,
    readAll: async ({ afterPosition }: { afterPosition: number }) =>
      afterPosition === 0 ? events.map((event, i) => ({ ...event, position: i + 1 })) : [],
  }) as unknown as EventStore;

const fold = async (
  name: string,
  events: RecordedEvent[],
  blobs: Record<string, string> = {},
): Promise<ReadModel> => {
  const blobStore = { getText: async (key: string) => blobs[key] };
  const { models } = await rebuildReadModels(storeOf(events), ALL_PROJECTIONS, { blobs: blobStore });
  return models.get(name) as ReadModel;
};

/** A scrape of https://a.test/ completed at `fetchedAt`, its page body and document stored under its id. */
const scrapeCompleted = (scrapeId: string, fetchedAt: string) =>
  recorded(`scrape-${scrapeId}`, 'ScrapeCompleted', {
    scrapeId,
    teamId: 't',
    url: 'https://a.test/',
    cacheKey: 'key-1',
    fetchedAt,
    documentBlob: `documents/${scrapeId}`,
    page: { url: 'https://a.test/', statusCode: 200, contentType: 'text/html', bodyBlob: `b-${scrapeId}` },
  });

describe('read model rebuild', () => {
  it('folds api keys: issued then revoked leaves nothing, issued stays', async () => {
    const model = await fold('api_keys', [
      recorded('team-t', 'ApiKeyIssued', { teamId: 't', keyId: 'k1', keyHash: 'h1' }),
      recorded('team-t', 'ApiKeyIssued', { teamId: 't', keyId: 'k2', keyHash: 'h2' }),
      recorded('team-t', 'ApiKeyRevoked', { teamId: 't', keyId: 'k1', keyHash: 'h1' }),
    ]);
    expect([...model]).toEqual([['h2', JSON.stringify({ teamId: 't', keyId: 'k2' })]]);
  });

  it("indexes a page's newest scrape for search, keeping the text of an older one when the newer has none", async () => {
    const blobs = {
      // Scraped for markdown, then for json alone (which holds no markdown), the title changed.
      'documents/s1': JSON.stringify({ markdown: '# Tides\n\nRocky basins.', metadata: { title: 'Tides' } }),
      'documents/s2': JSON.stringify({ json: { a: 1 }, metadata: { title: 'Tides, 2nd ed.' } }),
    };
    const first = scrapeCompleted('s1', '2026-11-23T10:00:01.000Z');
    const second = scrapeCompleted('s2', '2026-11-23T10:00:02.000Z');
    for (const events of [
      [first, second],
      [second, first],
    ]) {
      const model = await fold('search_index', events, blobs);
      expect(JSON.parse(model.get(indexKey('t', 'https://a.test/')) as string)).toMatchObject({
        title: 'Tides, 2nd ed.',
        text: '# Tides\n\nRocky basins.',
        scrapedAt: '2026-11-23T10:00:02.000Z',
      });
    }
  });

  it('keeps the newest entry of a latest-entry index, whatever the replay order', async () => {
    const newer = scrapeCompleted('s2', '2026-11-23T10:00:02.000Z');
    const older = scrapeCompleted('s1', '2026-11-23T10:00:01.000Z');
    const model = await fold('cache_index', [newer, older]);
    expect(JSON.parse(model.get('key-1') as string)).toMatchObject({
      scrapeId: 's2',
      at: '2026-11-23T10:00:02.000Z',
    });
  });

  it('reports missing, extra and changed keys, comparing JSON by value and ignoring expired entries', () => {
    const rebuilt: ReadModel = new Map([
      ['same', '{"a":1,"b":2}'],
      ['changed', '{"a":1}'],
      ['missing', '{"a":1}'],
      ['expired', '{"at":"2000-01-01T00:00:00.000Z"}'],
    ]);
    const live: ReadModel = new Map([
      ['same', '{"b":2,"a":1}'],
      ['changed', '{"a":2}'],
      ['extra', '{}'],
    ]);
    expect(diffReadModels(rebuilt, live, { ttlMs: 86_400_000 })).toEqual({
      missing: ['missing'],
      extra: ['extra'],
      changed: ['changed'],
    });
  });
});
