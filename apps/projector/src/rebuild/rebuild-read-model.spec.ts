import type { RecordedEvent } from '#contracts';
import { KV_PROJECTIONS, type ReadModel } from './kv-projections.js';
import { diffReadModels } from './rebuild-read-model.js';

let position = 0;
const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: `e-${++position}`,
  type,
  streamId: 'x-1',
  revision: 0,
  position,
  data,
  metadata: {},
  createdAt: '2026-11-23T10:00:00.000Z',
});

const fold = (name: string, events: RecordedEvent[]): ReadModel => {
  const projection = KV_PROJECTIONS.find((candidate) => candidate.name === name);
  if (!projection) throw new Error(name);
  const model: ReadModel = new Map();
  for (const event of events) projection.apply(model, event);
  return model;
};

describe('read model rebuild', () => {
  it('folds api keys: issued then revoked leaves nothing, issued stays', () => {
    const model = fold('api_keys', [
      recorded('ApiKeyIssued', { teamId: 't', keyId: 'k1', keyHash: 'h1' }),
      recorded('ApiKeyIssued', { teamId: 't', keyId: 'k2', keyHash: 'h2' }),
      recorded('ApiKeyRevoked', { teamId: 't', keyId: 'k1', keyHash: 'h1' }),
    ]);
    expect([...model]).toEqual([['h2', JSON.stringify({ teamId: 't', keyId: 'k2' })]]);
  });

  it('keeps the newest entry of a latest-entry index, whatever the replay order', () => {
    const completed = (fetchedAt: string, scrapeId: string) =>
      recorded('ScrapeCompleted', {
        scrapeId,
        teamId: 't',
        cacheKey: 'key-1',
        fetchedAt,
        page: {
          url: 'https://a.test/',
          statusCode: 200,
          contentType: 'text/html',
          bodyBlob: `b-${scrapeId}`,
        },
      });
    const newer = completed('2026-11-23T10:00:02.000Z', 's2');
    const older = completed('2026-11-23T10:00:01.000Z', 's1');
    const model = fold('cache_index', [newer, older]);
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
