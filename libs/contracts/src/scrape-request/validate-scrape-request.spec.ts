import { unavailableFeatures } from './unavailable-features.js';
import { validateScrapeRequest } from './validate-scrape-request.js';

const rejects = (body: unknown) => {
  const result = validateScrapeRequest(body);
  if (result.ok) throw new Error(`expected ${JSON.stringify(body)} to be rejected`);
  return result;
};
const accepts = (body: unknown) => {
  const result = validateScrapeRequest(body);
  if (!result.ok) throw new Error(`expected acceptance, got ${result.error}`);
  return result.value;
};

describe('validateScrapeRequest', () => {
  it('applies the Firecrawl defaults and keeps the URL as sent for sourceURL', () => {
    const request = accepts({ url: 'example.com/a' });
    expect(request).toMatchObject({
      url: 'http://example.com/a',
      sourceUrl: 'example.com/a',
      formats: [{ type: 'markdown' }],
      onlyMainContent: true,
      timeout: 30_000,
      waitFor: 0,
      removeBase64Images: true,
      blockAds: true,
      skipTlsVerification: true,
      maxAge: 172_800_000,
      storeInCache: true,
      parsers: [{ type: 'pdf' }],
    });
  });

  it('says a missing field is required, not every rule its absence breaks', () => {
    const missing = rejects({});
    expect(missing.error).toBe('url is required');
    expect(missing.details).toEqual([{ path: ['url'], message: 'url is required' }]);
    // A nested one too: a format without its type.
    expect(rejects({ url: 'https://example.com', formats: [{}] }).error).toBe('formats.0.type is required');
    expect(rejects({ url: 42 }).error).toMatch(/^url must be/);
  });

  it('accepts string and object formats and the SDK origin field', () => {
    const request = accepts({
      url: 'https://example.com',
      formats: ['html', { type: 'links' }, { type: 'json', schema: { type: 'object' } }],
      origin: 'js-sdk@4.42.0',
    });
    expect(request.formats.map((format) => format.type)).toEqual(['html', 'links', 'json']);
  });

  it('names the field and the rule', () => {
    expect(rejects({ url: 'https://a.test', timeout: 500 }).error).toBe('timeout must not be less than 1000');
    expect(rejects({ url: 'https://a.test', waitFor: 20_000, timeout: 30_000 }).error).toBe(
      'waitFor must not exceed half of timeout',
    );
    expect(rejects({ url: 'ftp://a.test/file' }).details).toEqual([
      { path: ['url'], message: 'url must be a valid http or https URL' },
    ]);
    expect(rejects({ url: 'https://a.test', formats: ['pdf'] }).details[0]?.path).toEqual([
      'formats',
      0,
      'type',
    ]);
  });

  it('refuses unknown properties, also in nested objects', () => {
    expect(rejects({ url: 'https://a.test', colour: 'red' }).error).toBe('property colour should not exist');
    expect(
      rejects({ url: 'https://a.test', location: { country: 'DE', city: 'Berlin' } }).details[0]?.path,
    ).toEqual(['location', 'city']);
    expect(rejects({ url: 'https://a.test', formats: [{ type: 'markdown', question: 'x' }] }).error).toBe(
      'question is not allowed in a markdown format',
    );
  });

  it('enforces the action rules of API-NOTES', () => {
    expect(rejects({ url: 'https://a.test', actions: [{ type: 'wait' }] }).error).toBe(
      'a wait action needs exactly one of milliseconds or selector',
    );
    const waits = Array.from({ length: 7 }, () => ({ type: 'wait', milliseconds: 10_000 }));
    expect(rejects({ url: 'https://a.test', actions: waits }).error).toBe(
      'waitFor and all wait actions together must not exceed 60 seconds',
    );
    const many = Array.from({ length: 51 }, () => ({ type: 'scrape' }));
    expect(rejects({ url: 'https://a.test', actions: many }).error).toBe('at most 50 actions are allowed');
    expect(rejects({ url: 'https://a.test', actions: [{ type: 'click' }] }).error).toBe(
      'a click action requires selector',
    );
  });

  it('checks the cross-format rules, location and redactPII', () => {
    expect(rejects({ url: 'https://a.test', formats: ['changeTracking'] }).error).toBe(
      'changeTracking format requires markdown format too',
    );
    expect(rejects({ url: 'https://a.test', location: { country: 'Germany' } }).error).toBe(
      'location.country must be an ISO 3166-1 alpha-2 code',
    );
    expect(rejects({ url: 'https://a.test', redactPII: { entities: ['SSN'] } }).details[0]?.path).toEqual([
      'redactPII',
      'entities',
    ]);
    expect(rejects({ url: 'https://a.test', onlyCleanContent: true, zeroDataRetention: true }).error).toBe(
      'onlyCleanContent is not available for zeroDataRetention requests',
    );
    expect(rejects({ url: 'https://a.test', redactPII: { replaceStyle: 'hash' } }).error).toBe(
      'replaceStyle must be one of tag, mask, remove',
    );
    expect(
      accepts({ url: 'https://a.test', redactPII: { mode: 'fast', replaceStyle: 'mask' } }).redactPII,
    ).toEqual({
      mode: 'fast',
      replaceStyle: 'mask',
    });
  });

  it('never caches a request with headers or actions, and verifies TLS for them', () => {
    const request = accepts({ url: 'https://a.test', headers: { Cookie: 'a=1' } });
    expect(request.storeInCache).toBe(false);
    expect(request.skipTlsVerification).toBe(false);
  });

  it('checks includeTags and excludeTags are CSS selectors', () => {
    expect(rejects({ url: 'https://a.test', excludeTags: ['p', 'div['] }).details).toEqual([
      { path: ['excludeTags', 1], message: 'excludeTags[1] is not a valid CSS selector: div[' },
    ]);
    accepts({ url: 'https://a.test', includeTags: ['main > article', '.post:not(.ad)'] });
  });

  it('checks the attributes format: selectors required, each a CSS selector and an attribute name', () => {
    const attributes = (selectors: unknown) => ({
      url: 'https://a.test',
      formats: [{ type: 'attributes', selectors }],
    });
    expect(rejects({ url: 'https://a.test', formats: ['attributes'] }).error).toBe(
      'attributes format requires selectors',
    );
    expect(rejects(attributes([])).details[0].path).toEqual(['formats', 0, 'selectors']);
    expect(
      rejects(
        attributes([
          { selector: 'a[', attribute: 'href' },
          { selector: 'a', attribute: ' ' },
        ]),
      ).details,
    ).toEqual([
      { path: ['formats', 0, 'selectors', 0, 'selector'], message: 'not a valid CSS selector: a[' },
      { path: ['formats', 0, 'selectors', 1, 'attribute'], message: 'attribute must name an attribute' },
    ]);
    expect(rejects(attributes([{ selector: 'a' }])).details[0].path[0]).toBe('formats');
    expect(rejects(attributes([[]])).details[0].path[0]).toBe('formats');
    expect(rejects(attributes([{ selector: 'a', attribute: 'href', all: true }])).error).toMatch(/all/);
    expect(accepts(attributes([{ selector: '.athing', attribute: 'id' }])).formats).toEqual([
      { type: 'attributes', selectors: [{ selector: '.athing', attribute: 'id' }] },
    ]);
  });

  it('rejects bodies that are not objects', () => {
    expect(rejects([1, 2]).error).toBe('The request body must be a JSON object');
  });
});

describe('unavailableFeatures', () => {
  it('names each option this build cannot honour', () => {
    const request = accepts({
      url: 'https://a.test',
      formats: ['markdown', 'screenshot'],
      actions: [{ type: 'scrape' }],
      proxy: 'stealth',
    });
    expect(unavailableFeatures(request, new Set(['formats.markdown']))).toEqual([
      'formats.screenshot',
      'actions',
      'proxy.stealth (needs an enhanced proxy pool: the operator sets PROXY_ENHANCED)',
    ]);
  });

  it('refuses a json format whose schema is not JSON Schema, naming the field', () => {
    const result = rejects({
      url: 'https://example.com',
      formats: [{ type: 'json', schema: { type: 'objekt' } }],
    });
    expect(result.details[0].path).toEqual(['formats', 0, 'schema']);
    expect(result.error).toMatch(/^schema is not a valid JSON Schema/);
    accepts({
      url: 'https://example.com',
      formats: [
        {
          type: 'json',
          schema: { $id: 'x', type: 'object', properties: { a: { type: ['string', 'null'] } } },
        },
      ],
    });
    accepts({
      url: 'https://example.com',
      formats: [{ type: 'json', schema: { $id: 'x', type: 'object' } }],
    });
  });
});
