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

  it("lets the model choose an agent run's next links, and pays for its choice as for the answers", async () => {
    // The model reads each page for the fields, and picks from the home page's links the journal
    // (which the links' words alone would never pick) and the contact page.
    running.llm.reply((request) => {
      if (schemaNameOf(request) === 'agent_links') {
        const user = request.body.messages.find((message) => message.role === 'user')?.content ?? '';
        const numberOf = (text: string) => Number(new RegExp(`(\\d+)\\. ${text} <`).exec(user)?.[1]);
        return { content: JSON.stringify({ links: [numberOf('Journal'), numberOf('Contact us')] }) };
      }
      const text = pageTextOf(request);
      return {
        content: JSON.stringify({
          name: /Northpeak Outfitters/.exec(text)?.[0] ?? null,
          phone: /\+44[\d ]+\d/.exec(text)?.[0] ?? null,
          email: /\S+@northpeak\.test/.exec(text)?.[0] ?? null,
        }),
      };
    });
    const visits = (path: string) => running.site.requests.filter((request) => request.path === path).length;
    const journal = visits('/outfitters/journal');
    const status = await client().agent({
      prompt: 'How do I reach Northpeak Outfitters?',
      urls: [running.site.url('/outfitters/')],
      schema: {
        type: 'object',
        properties: { name: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' } },
      },
      pollInterval: 1,
      timeout: 120,
    });
    expect(status).toMatchObject({
      status: 'completed',
      model: 'test-model',
      creditsUsed: 15,
      data: { name: 'Northpeak Outfitters', phone: '+44 17687 72000', email: 'hello@northpeak.test' },
    });
    expect(visits('/outfitters/journal')).toBe(journal + 1);
    // Asked once, on the home page: the journal has no links, and after the contact page nothing was missing.
    const asked = running.llm.requests.filter((request) => schemaNameOf(request) === 'agent_links');
    expect(asked).toHaveLength(1);
    expect(asked[0].body.messages[1].content).toContain('Still missing: the fields phone, email');
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
