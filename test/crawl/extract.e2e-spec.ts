import Firecrawl from '@mendable/firecrawl-js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const PRODUCT = {
  type: 'object',
  properties: { name: { type: 'string' }, brand: { type: 'string' }, price: { type: 'number' } },
};

describe('extract with the official Firecrawl JS SDK (no model: the local extractor)', () => {
  it('fills a schema from several pages and merges their answers, naming the sources', async () => {
    const boot = running.site.url('/shop/trailhead-boot');
    const kettle = running.site.url('/shop/copper-kettle');
    const slow = running.site.url('/slow?ms=20000');
    const result = await client().extract({
      urls: [boot, kettle, slow],
      schema: PRODUCT,
      showSources: true,
      scrapeOptions: { timeout: 8_000 },
      pollInterval: 1,
      timeout: 120,
    });
    expect(result).toMatchObject({ success: true, status: 'completed', creditsUsed: 2 });
    expect(result.warning).toContain(
      `1 of 3 pages could not be read (${slow}: SCRAPE_TIMEOUT Scrape timed out after 8000 ms)`,
    );
    expect(result.data).toEqual({ name: 'Trailhead 2 Hiking Boot', brand: 'Northpeak', price: 149 });
    expect((result.sources as Record<string, string[]>).name).toEqual([boot, kettle]);
    expect(result.warning).toContain('json was filled by the local extractor');
  });

  it('reads the pages /v2/map finds below a path for a URL ending in /*', async () => {
    const result = await client().extract({
      urls: [running.site.url('/crawl/guide/*')],
      schema: { type: 'object', properties: { title: { type: 'string' } } },
      showSources: true,
      pollInterval: 1,
      timeout: 120,
    });
    expect(result.status).toBe('completed');
    // The guide links to chapter 1 (chapter 2 only from there); the sitemap lists the guide and a page outside it.
    expect(result.sources).toEqual({
      title: [running.site.url('/crawl/guide'), running.site.url('/crawl/guide/chapter-1')],
    });
    expect(result.data).toEqual({ title: 'Guide' });
  });

  it('refuses what it cannot answer, by name, and keeps jobs to their team', async () => {
    const url = running.site.url('/shop/trailhead-boot');
    await expect(client().extract({ urls: [url], prompt: 'the price' })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('LLM_BASE_URL'),
    });
    await expect(
      client().extract({ urls: [url], schema: PRODUCT, enableWebSearch: true }),
    ).rejects.toMatchObject({ status: 501, message: expect.stringContaining('enableWebSearch') });
    await expect(client().extract({ urls: [url] })).rejects.toMatchObject({ status: 400 });
    const started = await client().startExtract({ urls: [url], schema: PRODUCT });
    const other = new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: await issueKeyWithCli(running.trawl.env, running.trawl.logs),
    });
    await expect(other.getExtractStatus(started.id as string)).rejects.toMatchObject({ status: 404 });
    await expect(client().getBatchScrapeStatus(started.id as string)).rejects.toMatchObject({ status: 404 });
  });
});
