import { type ScrapeRequest, validateScrapeRequest } from '#contracts';
import {
  type CacheEntry,
  cacheKey,
  cacheVerdict,
  isCacheEligible,
  isCacheWritable,
  normaliseCacheUrl,
} from './cache-policy.js';

const request = (body: object): ScrapeRequest => {
  const result = validateScrapeRequest({ url: 'https://site.test/page', ...body });
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const now = Date.parse('2026-11-22T12:00:00Z');
const entry = (ageMs: number): CacheEntry => ({
  scrapeId: 's-1',
  teamId: 'team-1',
  url: 'https://site.test/page',
  statusCode: 200,
  contentType: 'text/html',
  bodyBlob: 'pages/s-1',
  fetchedAt: new Date(now - ageMs).toISOString(),
});

describe('cache policy', () => {
  it('normalises URLs: no fragment, trailing slash or default port; query kept', () => {
    expect(normaliseCacheUrl('HTTP://Site.test:80/a/b/?q=1#top')).toBe('http://site.test/a/b?q=1');
    expect(normaliseCacheUrl('https://site.test/')).toBe('https://site.test');
  });

  it('keys by team, URL and the options that change the page', () => {
    const base = cacheKey('team-1', request({}));
    expect(cacheKey('team-1', request({ url: 'https://site.test/page/#x' }))).toBe(base);
    expect(cacheKey('team-2', request({}))).not.toBe(base);
    expect(cacheKey('team-1', request({ mobile: true }))).not.toBe(base);
    expect(cacheKey('team-1', request({ location: { country: 'DE' } }))).not.toBe(base);
    expect(cacheKey('team-1', request({ formats: ['links'] }))).toBe(base);
    // A screenshot reads the page every reader sees: its scrape refreshes the same copy.
    expect(cacheKey('team-1', request({ formats: [{ type: 'screenshot', fullPage: true }] }))).toBe(base);
  });

  it('is not eligible with headers, actions, changeTracking, waitFor or maxAge 0', () => {
    expect(isCacheEligible(request({}))).toBe(true);
    expect(isCacheEligible(request({ headers: { a: 'b' } }))).toBe(false);
    expect(isCacheEligible(request({ actions: [{ type: 'scrape' }] }))).toBe(false);
    expect(isCacheEligible(request({ formats: ['markdown', 'changeTracking'] }))).toBe(false);
    expect(isCacheEligible(request({ waitFor: 100 }))).toBe(false);
    expect(isCacheEligible(request({ maxAge: 0 }))).toBe(false);
  });

  it('writes a fresh scrape (maxAge 0) too, never a private, cache-only or unstored one', () => {
    expect(isCacheWritable(request({}))).toBe(true);
    expect(isCacheWritable(request({ maxAge: 0 }))).toBe(true);
    expect(isCacheWritable(request({ headers: { Cookie: 'a=1' } }))).toBe(false);
    expect(isCacheWritable(request({ actions: [{ type: 'click', selector: 'a' }] }))).toBe(false);
    expect(isCacheWritable(request({ storeInCache: false }))).toBe(false);
    expect(isCacheWritable(request({ minAge: 1 }))).toBe(false);
  });

  it('writes the page fetched for a format only a live page gives, unless a screenshot resized the window', () => {
    expect(isCacheWritable(request({ formats: ['markdown', 'changeTracking'] }))).toBe(true);
    expect(isCacheWritable(request({ formats: ['branding'] }))).toBe(true);
    expect(isCacheWritable(request({ formats: [{ type: 'screenshot', fullPage: true }] }))).toBe(true);
    const resized = { type: 'screenshot', viewport: { width: 390, height: 844 } };
    expect(isCacheWritable(request({ formats: [resized] }))).toBe(false);
  });

  it('serves copies younger than maxAge and scrapes otherwise', () => {
    expect(cacheVerdict(request({ maxAge: 60_000 }), entry(59_999), now)).toMatchObject({ use: 'cache' });
    expect(cacheVerdict(request({ maxAge: 60_000 }), entry(60_000), now)).toEqual({
      use: 'scrape',
      cacheState: 'miss',
    });
    expect(cacheVerdict(request({}), undefined, now)).toEqual({ use: 'scrape', cacheState: 'miss' });
    expect(cacheVerdict(request({ maxAge: 0 }), entry(1), now)).toEqual({ use: 'scrape' });
  });

  it('minAge reads only the cache: old enough or 404', () => {
    expect(cacheVerdict(request({ minAge: 1 }), entry(5), now)).toMatchObject({ use: 'cache' });
    expect(cacheVerdict(request({ minAge: 10_000 }), entry(5), now)).toMatchObject({
      use: 'refuse',
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    expect(cacheVerdict(request({ minAge: 1 }), undefined, now)).toMatchObject({
      code: 'SCRAPE_NO_CACHED_DATA',
    });
  });

  it('lockdown reads only the cache, accepting copies up to two years old by default', () => {
    const yearMs = 365 * 24 * 3600 * 1000;
    expect(cacheVerdict(request({ lockdown: true }), entry(yearMs), now)).toMatchObject({ use: 'cache' });
    expect(cacheVerdict(request({ lockdown: true }), entry(3 * yearMs), now)).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
    expect(cacheVerdict(request({ lockdown: true, headers: { a: 'b' } }), undefined, now)).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
  });
});
