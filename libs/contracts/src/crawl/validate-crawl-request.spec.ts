import {
  crawlBodyWithPromptOptions,
  validateBatchScrapeRequest,
  validateCrawlParamsPreview,
  validateCrawlRequest,
  validateMapRequest,
} from './validate-crawl-request.js';
import { searchWindow, validateSearchRequest } from './validate-search-request.js';

describe('crawl, batch, map and search requests', () => {
  it("makes a crawl's pages zero-data-retention scrapes with its own zeroDataRetention, and refuses a webhook then", () => {
    const url = 'http://a.test/';
    const crawl = validateCrawlRequest({ url, zeroDataRetention: true });
    expect(crawl.ok && crawl.value.scrapeRequest.zeroDataRetention).toBe(true);
    const lockdown = validateCrawlRequest({ url, scrapeOptions: { lockdown: true } });
    expect(lockdown.ok && lockdown.value.scrapeRequest).toMatchObject({
      lockdown: true,
      zeroDataRetention: true,
    });
    const withWebhook = validateCrawlRequest({
      url,
      scrapeOptions: { zeroDataRetention: true },
      webhook: 'http://hook.test/',
    });
    expect(!withWebhook.ok && withWebhook.details).toEqual([
      { path: ['webhook'], message: expect.stringContaining('cannot be combined with zeroDataRetention') },
    ]);
  });

  it('takes a zero-data-retention or lockdown batch, but not with a webhook or appendToId: nothing is stored', () => {
    const url = 'http://a.test/';
    const zdr = validateBatchScrapeRequest({ urls: [url], zeroDataRetention: true });
    expect(zdr.ok && zdr.value.scrapeRequest.zeroDataRetention).toBe(true);
    const lockdown = validateBatchScrapeRequest({ urls: [url], lockdown: true });
    expect(lockdown.ok && lockdown.value.scrapeRequest).toMatchObject({
      lockdown: true,
      zeroDataRetention: true,
    });
    const refusal = (field: string, value: string) => {
      const stored = validateBatchScrapeRequest({ urls: [url], zeroDataRetention: true, [field]: value });
      return !stored.ok && stored.details;
    };
    const message = expect.stringContaining('cannot be combined with zeroDataRetention (or lockdown)');
    expect(refusal('webhook', 'http://hook.test/')).toEqual([{ path: ['webhook'], message }]);
    expect(refusal('appendToId', '01a24865-028e-71b7-9839-837eaf3079bf')).toEqual([
      { path: ['appendToId'], message },
    ]);
  });

  it('applies Firecrawl’s crawl defaults and validates scrapeOptions like a scrape', () => {
    const crawl = validateCrawlRequest({ url: 'example.com/docs', origin: 'js-sdk@4.42.0' });
    expect(crawl.ok && crawl.value).toMatchObject({
      url: 'http://example.com/docs',
      options: {
        limit: 10_000,
        sitemap: 'include',
        deduplicateSimilarURLs: true,
        maxConcurrency: 10,
        delay: 0,
      },
    });
    const bad = validateCrawlRequest({
      url: 'http://a.test/',
      includePaths: ['('],
      scrapeOptions: { waitFor: 20_000, timeout: 30_000 },
    });
    expect(!bad.ok && bad.details.map((detail) => detail.path.join('.'))).toEqual([
      'includePaths.0',
      'scrapeOptions.waitFor',
    ]);
    expect(validateCrawlRequest({ url: 'http://a.test/', limits: 3 }).ok).toBe(false);
    const webhook = validateCrawlRequest({ url: 'http://a.test/', webhook: 'http://hook.test/' });
    expect(webhook.ok && webhook.value).toMatchObject({
      webhook: { url: 'http://hook.test/' },
    });
    const detailed = validateCrawlRequest({
      url: 'http://a.test/',
      webhook: { url: 'http://hook.test/x', metadata: { run: 1 }, events: ['crawl.page', 'completed'] },
    });
    expect(detailed.ok && detailed.value.webhook).toEqual({
      url: 'http://hook.test/x',
      metadata: { run: 1 },
      events: ['page', 'completed'],
    });
    const wrong = validateCrawlRequest({
      url: 'http://a.test/',
      webhook: { url: 'hook', events: ['done'], x: 1 },
    });
    expect(!wrong.ok && wrong.details.map((detail) => detail.path.join('.'))).toEqual([
      'webhook.x',
      'webhook.url',
      'webhook.events',
    ]);
  });

  it('keeps a batch’s valid URLs and reports or drops the invalid ones', () => {
    expect(validateBatchScrapeRequest({ urls: ['http://a.test/', 'ftp://x'] })).toMatchObject({
      ok: false,
      details: [{ path: ['urls', 1] }],
    });
    const dropped = validateBatchScrapeRequest({
      urls: ['a.test/x', 'ftp://x'],
      ignoreInvalidURLs: true,
      formats: ['markdown', 'links'],
    });
    expect(dropped.ok && dropped.value).toMatchObject({
      urls: ['http://a.test/x'],
      invalidURLs: ['ftp://x'],
      scrapeRequest: { formats: [{ type: 'markdown' }, { type: 'links' }] },
    });
    expect(validateBatchScrapeRequest({ urls: [] }).ok).toBe(false);
  });

  it("merges a prompt's generated options under the client's explicit ones, and spends the prompt", () => {
    const body = { url: 'http://a.test/', prompt: 'the blog', limit: 5, includePaths: null };
    const merged = crawlBodyWithPromptOptions(body, {
      includePaths: ['^/blog/'],
      limit: 100,
      sitemap: 'skip',
      ignoreRobotsTxt: true,
    });
    // A model may only propose the options a prompt describes: not robots.txt, not webhooks.
    expect(merged).toEqual({ url: 'http://a.test/', limit: 5, includePaths: ['^/blog/'], sitemap: 'skip' });
    const crawl = validateCrawlRequest(body);
    expect(crawl.ok && crawl.value.prompt).toBe('the blog');
    expect(validateCrawlParamsPreview({ url: 'a.test', prompt: 'x', origin: 'js-sdk' })).toMatchObject({
      ok: true,
      value: { url: 'http://a.test/', prompt: 'x' },
    });
    expect(validateCrawlParamsPreview({ url: 'a.test', prompt: ' ' }).ok).toBe(false);
  });

  it('takes appendToId as a batch id, and refuses the batch fields the batch keeps', () => {
    const id = '0193a6f0-0000-7000-8000-0000000000c1';
    const appended = validateBatchScrapeRequest({ urls: ['http://a.test/'], appendToId: id });
    expect(appended.ok && appended.value).toMatchObject({ appendToId: id });
    expect(validateBatchScrapeRequest({ urls: ['http://a.test/'], appendToId: 'active' })).toMatchObject({
      ok: false,
      details: [{ path: ['appendToId'], message: 'appendToId must be the id of a batch scrape' }],
    });
    const changed = validateBatchScrapeRequest({
      urls: ['http://a.test/'],
      appendToId: id,
      maxConcurrency: 2,
      webhook: 'http://hooks.test/',
    });
    expect(changed.ok ? [] : changed.details.map((detail) => detail.path[0])).toEqual([
      'webhook',
      'maxConcurrency',
    ]);
  });

  it('defaults map options and refuses unknown keys', () => {
    const map = validateMapRequest({ url: 'http://a.test' });
    expect(map.ok && map.value).toEqual({
      url: 'http://a.test/',
      sitemap: 'include',
      includeSubdomains: true,
      ignoreQueryParameters: true,
      filterByPath: true,
      limit: 5_000,
      timeout: 30_000,
    });
    expect(validateMapRequest({ url: 'http://a.test', crawl: true }).ok).toBe(false);
  });

  it('validates search: sources, categories and tbs read, one of the domain filters', () => {
    const search = validateSearchRequest({
      query: 'tide pools',
      sources: [{ type: 'news' }, 'web', 'news'],
      categories: ['github', { type: 'pdf' }],
      tbs: 'qdr:d2',
      country: 'de',
    });
    expect(search.ok && search.value).toMatchObject({
      limit: 5,
      sources: ['news', 'web'],
      categories: ['github', 'pdf'],
      window: { pastMs: 2 * 86_400_000 },
      country: 'DE',
    });
    expect(validateSearchRequest({ query: 'x', country: 'Germany' })).toMatchObject({
      ok: false,
      error: 'country must be an ISO 3166-1 alpha-2 code',
    });
    expect(validateSearchRequest({ query: 'x', location: ' Berlin,Germany ' })).toMatchObject({
      value: { location: 'Berlin,Germany', unsupported: [] },
    });
    expect(validateSearchRequest({ query: 'x' })).toMatchObject({
      value: { sources: ['web'], categories: [] },
    });
    expect(validateSearchRequest({ query: 'x', sources: ['videos'] })).toMatchObject({
      ok: false,
      details: [{ path: ['sources', 0], message: 'sources[0] must be one of web, news, images' }],
    });
    expect(validateSearchRequest({ query: 'x', categories: ['developer'] }).ok).toBe(false);
    // Firecrawl's enterprise modes: end-to-end zero data retention wins over anonymized.
    expect(validateSearchRequest({ query: 'x', enterprise: ['anon', 'zdr'] })).toMatchObject({
      value: { retention: 'zdr', unsupported: [] },
    });
    const plain = validateSearchRequest({ query: 'x', enterprise: ['default'] });
    expect(plain.ok && plain.value.retention).toBeUndefined();
    expect(validateSearchRequest({ query: 'x', enterprise: ['private'] })).toMatchObject({
      ok: false,
      details: [{ path: ['enterprise', 0], message: 'enterprise[0] must be one of default, anon, zdr' }],
    });
    expect(searchWindow('cdr:1,cd_min:1/2/2026,cd_max:1/31/2026')).toEqual({
      since: '2026-01-02T00:00:00.000Z',
      until: '2026-01-31T23:59:59.999Z',
    });
    expect(searchWindow('cdr:1,cd_max:12/31/2025')).toEqual({ until: '2025-12-31T23:59:59.999Z' });
    for (const unreadable of [
      'qdr:x',
      'sbd:1',
      'cdr:1',
      'cdr:1,cd_min:2/30/2026',
      'cdr:1,cd_min:2/2/2026,cd_max:1/1/2026',
    ])
      expect(searchWindow(unreadable)).toBeNull();
    expect(validateSearchRequest({ query: 'x', tbs: 'qdr:x' })).toMatchObject({
      ok: false,
      details: [{ path: ['tbs'] }],
    });
    expect(
      validateSearchRequest({ query: 'x', includeDomains: ['a.test'], excludeDomains: ['b.test'] }).ok,
    ).toBe(false);
    const scraped = validateSearchRequest({ query: 'x', scrapeOptions: { formats: ['markdown'] } });
    expect(scraped.ok && scraped.value.scrapeOptions?.formats).toEqual([{ type: 'markdown' }]);
    expect(validateSearchRequest({ query: '' }).ok).toBe(false);
  });
});
