import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type IndexedPage, indexedPageOf, rankIndexedPages } from './local-index.js';
import { countryOfLocation } from './location-country.js';
import { categoryOf, domainAllowed, inWindow } from './search-provider.js';
import { regionLocale, SearxngProvider } from './searxng.provider.js';

describe('domain filters', () => {
  it('match a domain and its subdomains; excludes win', () => {
    expect(domainAllowed('https://docs.a.test/x', ['a.test'], [])).toBe(true);
    expect(domainAllowed('https://nota.test/x', ['a.test'], [])).toBe(false);
    expect(domainAllowed('https://docs.a.test/x', [], ['docs.a.test'])).toBe(false);
    expect(domainAllowed('https://b.test/x', [], [])).toBe(true);
  });
});

describe('categories and date windows', () => {
  it('place a result in the first asked-for category: GitHub, research sites, PDFs by their address', () => {
    expect(categoryOf('https://github.com/a/b', ['github', 'pdf'])).toBe('github');
    expect(categoryOf('https://export.arxiv.org/abs/1', ['research'])).toBe('research');
    expect(categoryOf('https://a.test/paper.PDF', ['research', 'pdf'])).toBe('pdf');
    expect(categoryOf('https://a.test/paper', ['github', 'research', 'pdf'])).toBeUndefined();
    expect(categoryOf('https://notgithub.com/a', ['github'])).toBeUndefined();
  });

  it('keep results inside the window, and undated ones, which cannot be placed', () => {
    const window = { since: '2026-01-01T00:00:00.000Z', until: '2026-01-31T23:59:59.999Z' };
    expect(inWindow('2026-01-15T00:00:00.000Z', window)).toBe(true);
    expect(inWindow('2025-12-31T00:00:00.000Z', window)).toBe(false);
    expect(inWindow('2026-02-01T00:00:00.000Z', window)).toBe(false);
    expect(inWindow(undefined, window)).toBe(true);
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

  it('needs both words of a two-word query, ranks title hits first, and cuts a snippet around the first hit', () => {
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

  it('needs most words of a longer query, those in quotes all, and ranks pages holding more of them first', () => {
    // Three of four words: the pools page never says "guide".
    expect(rankIndexedPages(pages, 'tide pools anemones guide', options).map((hit) => hit.url)).toEqual([
      'http://a.test/pools',
    ]);
    // Two of three: both pages, the one holding all three first.
    expect(rankIndexedPages(pages, 'low tide anemones', options).map((hit) => hit.url)).toEqual([
      'http://a.test/pools',
      'http://a.test/tides',
    ]);
    expect(rankIndexedPages(pages, '"low tide" harbour', options).map((hit) => hit.url)).toEqual([
      'http://a.test/tides',
      'http://a.test/pools',
    ]);
    expect(rankIndexedPages(pages, '"tide pools" harbour', options).map((hit) => hit.url)).toEqual([
      'http://a.test/pools',
    ]);
  });

  it('compares words by their stem and needs no function words', () => {
    const hits = rankIndexedPages(pages, 'tides of the harbours', options);
    expect(hits.map((hit) => hit.url)).toEqual(['http://a.test/tides']);
    expect(rankIndexedPages(pages, 'pool', options).map((hit) => hit.url)).toEqual(['http://a.test/pools']);
    const long = page(
      'http://a.test/log',
      'Log',
      `${'Calm water all morning. '.repeat(10)}Then the crabs came.`,
    );
    // The snippet is cut around the first hit, from the start of a word.
    const { description } = rankIndexedPages([long], 'crab', options)[0];
    expect(description).toMatch(/ all morning\. Then the crabs came\.$/);
    expect(description.length).toBeLessThan(long.text.length - 100);
    expect(` ${long.text}`).toContain(` ${description}`);
  });

  it('writes the snippet as text: no table pipes or delimiter rows, links and emphasis as their words', () => {
    const prices = page(
      'http://a.test/prices',
      'Prices',
      "# Today's prices\n\n| Fish | Price per kg |\n| - | :-: |\n| Cod | $9.50 |\n\nSee the [**fish** list](http://a.test/fish).",
    );
    expect(rankIndexedPages([prices], 'cod', options)[0].description).toBe(
      "Today's prices Fish Price per kg Cod $9.50 See the fish list.",
    );
  });

  it('reads the window as when the team scraped a page, and keeps only the asked-for categories', () => {
    const dated = [
      page('http://a.test/old', 'Tide log', 'tide', '2026-01-01T00:00:00Z'),
      page('https://github.com/harbour/tides', 'Tide code', 'tide', '2026-03-01T00:00:00Z'),
      page('http://a.test/new.pdf', 'Tide chart', 'tide', '2026-06-01T00:00:00Z'),
    ];
    const urls = (extra: object) =>
      rankIndexedPages(dated, 'tide', { ...options, ...extra }).map((h) => h.url);
    expect(urls({ since: '2026-02-01T00:00:00Z' })).toEqual([
      'http://a.test/new.pdf',
      'https://github.com/harbour/tides',
    ]);
    expect(urls({ until: '2026-02-01T00:00:00Z' })).toEqual(['http://a.test/old']);
    expect(rankIndexedPages(dated, 'tide', { ...options, categories: ['github', 'pdf'] })).toEqual([
      expect.objectContaining({ url: 'http://a.test/new.pdf', category: 'pdf' }),
      expect.objectContaining({ url: 'https://github.com/harbour/tides', category: 'github' }),
    ]);
  });
});

/** SearXNG's news and image results: a publication date; the image file and its resolution. */
const NEWS = [
  {
    url: 'https://news.test/a',
    title: 'Storm',
    content: 'A storm',
    publishedDate: '2026-11-20T08:00:00',
    engine: 'bing news',
  },
  {
    url: 'https://news.test/b',
    title: 'Old storm',
    content: 'Long ago',
    publishedDate: '2020-01-01T00:00:00',
    engine: 'bing news',
  },
  {
    url: 'https://news.test/c',
    title: 'Undated',
    content: 'No date',
    publishedDate: null,
    engine: 'yahoo news',
  },
];
const IMAGES = [
  {
    url: 'https://img.test/page',
    title: 'Wave',
    img_src: 'https://img.test/wave.jpg',
    resolution: '1600 x 900',
    engine: 'bing images',
  },
  { url: 'https://img.test/nofile', title: 'No file', engine: 'bing images' },
];

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
        params.get('categories') === 'news'
          ? NEWS
          : params.get('categories') === 'images'
            ? IMAGES
            : page === 1
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

  it("searches as from a country: SearXNG's language of the country's likely language and the region", async () => {
    asked.splice(0);
    await new SearxngProvider(baseUrl).search({
      teamId: 't',
      query: 'tide pools',
      limit: 1,
      includeDomains: [],
      excludeDomains: [],
      timeoutMs: 5_000,
      country: 'CH',
    });
    expect(asked[0].get('language')).toBe('de-CH');
    expect(['US', 'JP', 'BE', 'BR'].map(regionLocale)).toEqual(['en-US', 'ja-JP', 'nl-BE', 'pt-BR']);
  });

  it('asks for news and images as SearXNG categories, and categories and dates as the engines write them', async () => {
    asked.splice(0);
    const provider = new SearxngProvider(baseUrl);
    const query = {
      teamId: 't',
      query: 'storm',
      limit: 5,
      includeDomains: [],
      excludeDomains: [],
      timeoutMs: 5_000,
    };
    const news = await provider.search({ ...query, source: 'news', since: '2026-11-01T00:00:00.000Z' });
    expect(news).toEqual([
      {
        url: 'https://news.test/a',
        title: 'Storm',
        description: 'A storm',
        date: '2026-11-20T08:00:00.000Z',
      },
      { url: 'https://news.test/c', title: 'Undated', description: 'No date' },
    ]);
    expect(asked[0].get('categories')).toBe('news');
    expect(asked[0].get('time_range')).not.toBeNull();
    const images = await provider.search({ ...query, source: 'images' });
    expect(images).toEqual([
      {
        url: 'https://img.test/page',
        title: 'Wave',
        description: '',
        imageUrl: 'https://img.test/wave.jpg',
        imageWidth: 1600,
        imageHeight: 900,
      },
    ]);
    asked.splice(0);
    expect(await provider.search({ ...query, categories: ['github', 'pdf'] })).toEqual([]);
    expect(asked[0].get('q')).toBe('storm (site:github.com OR filetype:pdf)');
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

describe('the country of a search location', () => {
  it('is read from its last part, a country name or code', () => {
    expect(countryOfLocation('San Francisco,California,United States')).toBe('US');
    expect(countryOfLocation('Germany')).toBe('DE');
    expect(countryOfLocation('Zurich, ch')).toBe('CH');
    expect(countryOfLocation('California')).toBeUndefined();
    expect(countryOfLocation('Atlantis, QQ')).toBeUndefined();
  });
});
