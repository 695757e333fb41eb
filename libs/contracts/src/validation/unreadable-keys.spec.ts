import { validateCrawlRequest } from '../crawl/validate-crawl-request.js';
import { validateScrapeRequest } from '../scrape-request/validate-scrape-request.js';
import { unreadableKeys } from './unreadable-keys.js';

describe('unreadableKeys', () => {
  it('names the path of a constructor key at any depth', () => {
    expect(unreadableKeys({ formats: [{ type: 'json', schema: { constructor: 'x' } }] })).toEqual([
      { path: ['formats', 0, 'schema', 'constructor'], message: 'keys named constructor are not accepted' },
    ]);
    expect(unreadableKeys({ url: 'https://example.com', formats: ['markdown'] })).toEqual([]);
  });

  it('measures bodies nested far deeper than the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}{"constructor":1}${']'.repeat(200_000)}`);
    expect(unreadableKeys(deep)[0]?.path).toHaveLength(200_001);
  });

  it('turns what crashed the validators into a 400', () => {
    const hostile = { url: 'https://example.com', location: { constructor: { prototype: 1 } } };
    expect(validateScrapeRequest(hostile)).toMatchObject({
      ok: false,
      details: [{ path: ['location', 'constructor'] }],
    });
    expect(validateCrawlRequest(hostile)).toMatchObject({ ok: false });
  });
});
