import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Firecrawl from '@mendable/firecrawl-js';
import { createTeam, operatorCli } from '../support/operator-cli.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';
import { until } from '../support/until.js';

/** A stand-in SearXNG instance: its documented JSON answer to `/search?q=…&format=json`. */
let searxng: Server;
let trawl: RunningTrawl;
const asked: string[] = [];
const languages: (string | null)[] = [];

beforeAll(async () => {
  searxng = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://x').searchParams;
    asked.push(
      `${params.get('q')}|${params.get('format')}|${params.get('pageno')}|${params.get('categories')}`,
    );
    languages.push(params.get('language'));
    const results =
      params.get('categories') === 'news'
        ? [
            {
              url: 'https://news.example/storm',
              title: 'Storm floods the harbour',
              content: 'Waves over the pier',
              publishedDate: new Date(Date.now() - 3_600_000).toISOString(),
              thumbnail: 'https://news.example/storm.jpg',
              engine: 'bing news',
            },
            {
              url: 'https://news.example/old',
              title: 'An old storm',
              content: 'Years ago',
              publishedDate: '2019-03-01T00:00:00',
              engine: 'bing news',
            },
          ]
        : params.get('categories') === 'images'
          ? [
              {
                url: 'https://tides.example/gallery',
                title: 'Tide pool',
                img_src: 'https://tides.example/pool.jpg',
                resolution: '1200 x 800',
                engine: 'bing images',
              },
            ]
          : params.get('pageno') === '1'
            ? [
                {
                  url: 'https://tides.example/pools',
                  title: 'Tide pools',
                  content: 'Life in tide pools',
                  engine: 'brave',
                },
                { url: 'https://spam.example/x', title: 'Spam', content: 'spam', engine: 'bing' },
              ]
            : [];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: params.get('q'), number_of_results: results.length, results }));
  });
  await new Promise<void>((resolve) => searxng.listen(0, '127.0.0.1', resolve));
  trawl = await startTrawl({
    env: { SEARXNG_URL: `http://127.0.0.1:${(searxng.address() as AddressInfo).port}/` },
  });
});

afterAll(async () => {
  await trawl?.stop();
  await new Promise<void>((resolve) => searxng.close(() => resolve()));
});

describe('search through SearXNG', () => {
  it('answers Firecrawl search results from the SearXNG JSON API, with domain filters', async () => {
    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
    const result = await client.search('tide pools', { limit: 3, excludeDomains: ['spam.example'] });
    expect(result.web).toEqual([
      {
        url: 'https://tides.example/pools',
        title: 'Tide pools',
        description: 'Life in tide pools',
        position: 1,
      },
    ]);
    expect(asked[0]).toBe('tide pools|json|1|null');
  });

  it('answers news and images from their SearXNG categories, dated news inside the tbs window', async () => {
    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
    const result = await client.search('storm', { sources: ['news', 'images'], tbs: 'qdr:w', limit: 5 });
    expect(result.news).toEqual([
      {
        title: 'Storm floods the harbour',
        url: 'https://news.example/storm',
        snippet: 'Waves over the pier',
        date: expect.any(String),
        imageUrl: 'https://news.example/storm.jpg',
        position: 1,
      },
    ]);
    expect(result.images).toEqual([
      {
        title: 'Tide pool',
        imageUrl: 'https://tides.example/pool.jpg',
        imageWidth: 1200,
        imageHeight: 800,
        url: 'https://tides.example/gallery',
        position: 1,
      },
    ]);
    expect(result.web).toBeUndefined();
    expect(asked).toContain('storm|json|1|news');
    expect(asked).toContain('storm|json|1|images');
  });

  it("searches as from a country, or a location's country: SearXNG's language for it (the country's likely language and the region)", async () => {
    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
    languages.splice(0);
    await client.search('tide pools', { limit: 1, country: 'ch' });
    expect(languages[0]).toBe('de-CH');
    // A location is searched as from its country, and the answer says so; one naming no country is refused.
    languages.splice(0);
    const located = await client.search('tide pools', { limit: 1, location: 'Zurich,Zurich,Switzerland' });
    expect(languages[0]).toBe('de-CH');
    expect(located.warning).toContain('searched as from its country (CH)');
    await expect(client.search('tide pools', { location: 'Zurich' })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('names none'),
    });
  });
  it('searches anonymized for a team allowed zero data retention, never end to end: SearXNG passes the query on', async () => {
    const team = await createTeam(trawl, 'anon-search');
    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: team.key });
    await expect(client.search('tide pools', { enterprise: ['zdr'] })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('send ["anon"]'),
    });
    await expect(client.search('tide pools', { enterprise: ['anon'] })).rejects.toMatchObject({
      status: 403,
    });
    await operatorCli(trawl, 'teams', 'zdr', team.teamId, 'on');
    const anonymized = await until(
      () => client.search('tide pools', { enterprise: ['anon'], limit: 3 }).catch(() => undefined),
      'anonymized search once the team is allowed',
    );
    expect(anonymized.web).toContainEqual(expect.objectContaining({ url: 'https://tides.example/pools' }));
  });
});
