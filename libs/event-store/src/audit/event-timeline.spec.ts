import type { RecordedEvent } from '#contracts';
import { summarize, timelineEntry } from './event-timeline.js';

const recorded = (data: unknown, metadata: RecordedEvent['metadata'] = {}): RecordedEvent => ({
  id: 'e-1',
  type: 'ScrapeCompleted',
  streamId: 'scrape-1',
  revision: 2,
  position: 17,
  data,
  metadata,
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('event timeline', () => {
  it('gives time, revision, position, type, correlation and causation ids and a summary', () => {
    expect(
      timelineEntry(
        recorded(
          { scrapeId: 's', page: { url: 'https://a.test/', statusCode: 200 } },
          { correlationId: 'c', causationId: 'k' },
        ),
      ),
    ).toEqual({
      time: '2026-11-23T10:00:00.000Z',
      revision: 2,
      position: 17,
      type: 'ScrapeCompleted',
      correlationId: 'c',
      causationId: 'k',
      summary: 'page.url=https://a.test/, page.statusCode=200, scrapeId=s',
    });
  });

  it('dates a migrated event by its original commit time', () => {
    expect(timelineEntry(recorded({}, { originalCreatedAt: '2025-01-01T00:00:00.000Z' })).time).toBe(
      '2025-01-01T00:00:00.000Z',
    );
  });

  it('hides secrets, cuts long values and long summaries, and counts arrays of objects', () => {
    expect(summarize({ keyHash: 'abc', apiKey: 'k', teamId: 't', name: 'Acme' })).toBe('name=Acme, teamId=t');
    expect(summarize({ formats: ['markdown', 'links'], actions: [{}, {}] })).toBe(
      'formats=markdown|links, actions=[2]',
    );
    const long = summarize({ error: 'x'.repeat(500) });
    expect(long).toBe(`error=${'x'.repeat(79)}…`);
    expect(
      summarize(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, 'value']))),
    ).toMatch(/, …$/);
    expect(summarize('plain')).toBe('"plain"');
  });
});
