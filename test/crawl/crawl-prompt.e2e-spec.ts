import Firecrawl from '@mendable/firecrawl-js';
import { pageTextOf, schemaNameOf } from '../support/openai-compatible-server.js';
import { trawlWithModel } from '../support/trawl-with-model.js';

const running = trawlWithModel();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const paths = (urls: (string | undefined)[]) => urls.map((url) => new URL(url as string).pathname).sort();

/** The model's answer: every option, null where the prompt leaves the default. */
const proposal = (options: Record<string, unknown>) => ({
  content: JSON.stringify({
    includePaths: null,
    excludePaths: null,
    maxDiscoveryDepth: null,
    crawlEntireDomain: null,
    allowExternalLinks: null,
    allowSubdomains: null,
    sitemap: null,
    ignoreQueryParameters: null,
    deduplicateSimilarURLs: null,
    limit: null,
    ...options,
  }),
});

describe('a crawl or an extract described by a prompt (with a model)', () => {
  beforeEach(() => running.llm.requests.splice(0));

  it('crawls what the prompt asks for, the options the client sets winning', async () => {
    running.llm.reply(() => proposal({ includePaths: ['^/crawl/guide'], sitemap: 'skip' }));
    const prompt = 'only the guide and its chapters';
    const crawl = (options: object) =>
      client().crawl(running.site.url('/crawl/'), { prompt, pollInterval: 1, timeout: 120, ...options });

    const guided = await crawl({});
    expect(guided.status).toBe('completed');
    expect(paths(guided.data.map((page) => page.metadata?.sourceURL))).toEqual([
      '/crawl/',
      '/crawl/guide',
      '/crawl/guide/chapter-1',
      '/crawl/guide/chapter-2',
    ]);
    const [asked] = running.llm.requests;
    expect(schemaNameOf(asked)).toBe('crawl_options');
    expect(asked.body.messages.at(-1)?.content).toBe(
      `Start URL: ${running.site.url('/crawl/')}\nRequest: ${prompt}`,
    );

    // The client's own sitemap choice beats the model's "skip": seeds come from the sitemap only.
    const fromSitemap = await crawl({ sitemap: 'only' });
    expect(paths(fromSitemap.data.map((page) => page.metadata?.sourceURL))).toEqual([
      '/crawl/guide',
      '/crawl/guide/chapter-1',
      '/crawl/guide/chapter-2',
    ]);
  });

  it('previews the options of a prompt without crawling', async () => {
    running.llm.reply(() => proposal({ excludePaths: ['^/crawl/private'], maxDiscoveryDepth: 1, limit: 5 }));
    const before = running.site.requests.length;
    const preview = await client().crawlParamsPreview(
      running.site.url('/crawl/'),
      'two levels, no private pages',
    );
    expect(preview).toEqual({
      url: running.site.url('/crawl/'),
      excludePaths: ['^/crawl/private'],
      maxDiscoveryDepth: 1,
      limit: 5,
    });
    expect(running.site.requests.length).toBe(before);
  });

  it('extracts what a prompt asks for from each page through the model, and merges the answers', async () => {
    running.llm.reply((request) => ({
      content: JSON.stringify({
        chapters:
          pageTextOf(request)
            .match(/Chapter \d/g)
            ?.slice(0, 1) ?? [],
      }),
    }));
    const result = await client().extract({
      urls: [running.site.url('/crawl/guide/chapter-1'), running.site.url('/crawl/guide/chapter-2')],
      prompt: 'the chapter titles',
      pollInterval: 1,
      timeout: 120,
    });
    expect(result).toMatchObject({ status: 'completed', data: { chapters: ['Chapter 1', 'Chapter 2'] } });
    const asked = running.llm.requests.filter((request) => schemaNameOf(request) === 'extraction');
    expect(asked).toHaveLength(2);
    expect(asked[0].body.messages.map((message) => message.content).join('\n')).toContain(
      'the chapter titles',
    );
  });

  it('runs an agent on a prompt alone through the model, naming the model that answered', async () => {
    running.llm.reply((request) => ({
      content: JSON.stringify({ chapter: pageTextOf(request).match(/Chapter \d/)?.[0] ?? null }),
    }));
    const status = await client().agent({
      prompt: 'Which chapter is this page?',
      urls: [running.site.url('/crawl/guide/chapter-2')],
      pollInterval: 1,
      timeout: 120,
    });
    expect(status).toMatchObject({
      status: 'completed',
      model: 'test-model',
      data: { chapter: 'Chapter 2' },
    });
    const asked = running.llm.requests.filter((request) => schemaNameOf(request) === 'extraction');
    expect(asked[0].body.messages.map((message) => message.content).join('\n')).toContain(
      'Which chapter is this page?',
    );
  });

  it('answers 502 when the model fails or proposes options that are not valid, and never crawls', async () => {
    const before = running.site.requests.length;
    running.llm.reply(() => proposal({ includePaths: ['(unclosed'] }));
    await expect(
      client().startCrawl(running.site.url('/crawl/'), { prompt: 'the guide' }),
    ).rejects.toMatchObject({ status: 502, message: expect.stringContaining('includePaths[0]') });
    running.llm.reply(() => ({ status: 401, body: '{"error":{"message":"invalid key"}}' }));
    await expect(client().crawlParamsPreview(running.site.url('/crawl/'), 'the guide')).rejects.toMatchObject(
      {
        status: 502,
      },
    );
    expect(running.site.requests.length).toBe(before);
  });
});
