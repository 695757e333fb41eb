import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type IndexedPage, indexedPageOf, rankIndexedPages } from './local-index.js';
import { domainAllowed } from './search-provider.js';
import { SearxngProvider } from './searxng.provider.js';

describe('domain filters', () => {
  it('match a domain and its subdomains; excludes win', () => {
    expect(domainAllowed('https://docs.a.test/x', ['a.test'], [])).toBe(true);
    expect(domainAllowed('https://nota.test/x', ['a.test'], [])).toBe(false);
    expect(domainAllowed('https://docs.a.test/x', [], ['docs.a.test'])).toBe(false);
    expect(domainAllowed('https://b.test/x', [], [])).toBe(true);
  });
});

describe('local index ranking', () => {
  const page = (url: string, title: string, text: string, scrapedAt = '2026-11-23T10:00:00Z'): IndexedPage =>
    indexedPageOf({ markdown: text, metadata: { title } }, url, scrapedAt) as IndexedPage;
  const pages = [
    page('http://a.test/tides', 'Tide tables', 'Low tide and high tide times for the harbour.'),
    page('http://a.test/pools', 'Tide pools', 'Tide pools hold anemones and crabs at low tide.'),
    page('http://b.test/crabs', 'Crabs', 'Shore crabs hide under rocks.'),
  ];
  const options = { limit: 10, includeDomains: [], excludeDomains: [] };

  it('needs every query word, ranks title hits first, and cuts a snippet around the first hit', () => {
    const hits = rankIndexedPages(pages, 'tide pools', options);
    expect(hits.map((hit) => hit.url)).toEqual(['http://a.test/pools']);
    expect(hits[0].description).toContain('Tide pools hold anemones');
    expect(rankIndexedPages(pages, 'low tide', options).map((hit) => hit.url)).toEqual([
      'http://a.test/tides',
      'http://a.test/pools',
    ]);
    expect(
      rankIndexedPages(pages, 'crabs', { ...options, excludeDomains: ['b.test'] }).map((h) => h.url),
    ).toEqual(['http://a.test/pools']);
    expect(rankIndexedPages(pages, '  ', options)).toEqual([]);
  });
});

describe('SearXNG provider', () => {
  let server: Server;
  let baseUrl: string;
  const asked: URLSearchParams[] = [];
  beforeAll(async () => {
    // Answers in SearXNG's documented JSON format: {query, number_of_results, results: [{url, title, content, engine, …}]}.
    server = createServer((req, res) => {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      asked.push(params);
      const page = Number(params.get('pageno'));
      const results =
        page === 1
          ? [
              { url: 'https://a.test/1', title: 'One', content: 'first', engine: 'duckduckgo', score: 1 },
              { url: 'https://skip.test/2', title: 'Two', content: 'second', engine: 'bing', score: 0.9 },
            ]
          : page === 2
            ? [{ url: 'https://a.test/3', title: 'Three', content: 'third', engine: 'bing', score: 0.5 }]
            : [];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          query: params.get('q'),
          number_of_results: 3,
          results,
          answers: [],
          suggestions: [],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/searxng`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the JSON API, filters domains and pages on until the limit', async () => {
    const hits = await new SearxngProvider(baseUrl).search({
      teamId: 't',
      query: 'tide pools',
      limit: 2,
      includeDomains: [],
      excludeDomains: ['skip.test'],
      timeoutMs: 5_000,
    });
    expect(hits).toEqual([
      { url: 'https://a.test/1', title: 'One', description: 'first' },
      { url: 'https://a.test/3', title: 'Three', description: 'third' },
    ]);
    expect(asked.map((params) => [params.get('q'), params.get('format'), params.get('pageno')])).toEqual([
      ['tide pools', 'json', '1'],
      ['tide pools', 'json', '2'],
    ]);
  });

  it('reports an instance that does not answer JSON', async () => {
    await expect(
      new SearxngProvider('http://127.0.0.1:1/').search({
        teamId: 't',
        query: 'x',
        limit: 1,
        includeDomains: [],
        excludeDomains: [],
        timeoutMs: 2_000,
      }),
    ).rejects.toMatchObject({ code: 'SEARCH_PROVIDER_ERROR' });
  });
});
