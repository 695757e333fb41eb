import { looksBlocked } from './block-signals.js';
import { type ProxyPools, proxyAttempts } from './proxy-plan.js';

const general = { server: 'http://basic-1:8080' };
const germanBasic = { server: 'http://basic-de:8080', country: 'DE' };
const enhanced = { server: 'http://enhanced-1:8080', username: 'u', password: 'p' };
const pools: ProxyPools = { basic: [general, germanBasic], enhanced: [enhanced] };

describe('proxyAttempts', () => {
  it('fetches basic through the basic pool, enhanced through the enhanced pool', () => {
    expect(proxyAttempts(pools, { proxy: 'basic' }, 'scrape-1')).toEqual([{ kind: 'basic', proxy: general }]);
    expect(proxyAttempts(pools, { proxy: 'enhanced' }, 'scrape-1')).toEqual([
      { kind: 'enhanced', proxy: enhanced },
    ]);
    expect(proxyAttempts(pools, { proxy: 'stealth' }, 'scrape-1')).toEqual([
      { kind: 'enhanced', proxy: enhanced },
    ]);
  });

  it('tries basic first and enhanced second with auto, basic alone without an enhanced pool', () => {
    expect(proxyAttempts(pools, { proxy: 'auto' }, 'scrape-1')).toEqual([
      { kind: 'basic', proxy: general },
      { kind: 'enhanced', proxy: enhanced },
    ]);
    expect(proxyAttempts({ basic: [], enhanced: [] }, { proxy: 'auto' }, 'scrape-1')).toEqual([
      { kind: 'basic' },
    ]);
  });

  it('goes direct for basic without a basic pool, and has no attempt for enhanced without a pool', () => {
    expect(proxyAttempts({ basic: [], enhanced: [] }, { proxy: 'basic' }, 'scrape-1')).toEqual([
      { kind: 'basic' },
    ]);
    expect(proxyAttempts({ basic: [], enhanced: [] }, { proxy: 'enhanced' }, 'scrape-1')).toEqual([]);
  });

  it('routes a country through its own entry when the pool has one, else through the general entries', () => {
    expect(proxyAttempts(pools, { proxy: 'basic', location: { country: 'de' } }, 'scrape-1')).toEqual([
      { kind: 'basic', proxy: germanBasic },
    ]);
    expect(proxyAttempts(pools, { proxy: 'basic', location: { country: 'FR' } }, 'scrape-1')).toEqual([
      { kind: 'basic', proxy: general },
    ]);
  });

  it('keeps a pool of country entries for those countries: basic goes direct, enhanced uses any entry', () => {
    const countryOnly = {
      basic: [germanBasic],
      enhanced: [{ server: 'http://enhanced-us:1', country: 'US' }],
    };
    expect(proxyAttempts(countryOnly, { proxy: 'auto', location: { country: 'FR' } }, 'scrape-1')).toEqual([
      { kind: 'basic' },
      { kind: 'enhanced', proxy: countryOnly.enhanced[0] },
    ]);
  });

  it('spreads scrapes over a pool by scrape id, the same id always through the same entry', () => {
    const two = { basic: [general, { server: 'http://basic-2:8080' }], enhanced: [] };
    const servers = ['a', 'b', 'c', 'd'].map(
      (id) => proxyAttempts(two, { proxy: 'basic' }, id)[0]?.proxy?.server,
    );
    expect(new Set(servers)).toEqual(new Set(['http://basic-1:8080', 'http://basic-2:8080']));
    expect(proxyAttempts(two, { proxy: 'basic' }, 'a')).toEqual(proxyAttempts(two, { proxy: 'basic' }, 'a'));
  });
});

describe('looksBlocked', () => {
  const article = '<html><body><main><h1>Tide pools</h1><p>Sea stars.</p></main></body></html>';

  it('counts bot-wall statuses, challenge pages and empty bodies as blocks', () => {
    expect(looksBlocked({ statusCode: 403, body: article })).toBe(true);
    expect(looksBlocked({ statusCode: 429, body: article })).toBe(true);
    expect(
      looksBlocked({
        statusCode: 200,
        body: '<html><head><title>Just a moment...</title></head><body>x</body></html>',
      }),
    ).toBe(true);
    expect(
      looksBlocked({ statusCode: 200, body: '<html><body><script>var a=1</script> </body></html>' }),
    ).toBe(true);
    expect(looksBlocked({ statusCode: 200, body: '' })).toBe(true);
  });

  it('lets ordinary pages, error pages of the site and documents through', () => {
    expect(looksBlocked({ statusCode: 200, body: article })).toBe(false);
    expect(looksBlocked({ statusCode: 404, body: article })).toBe(false);
    expect(looksBlocked({ statusCode: 200, body: '<html><body><img src="/a.png"></body></html>' })).toBe(
      false,
    );
    expect(looksBlocked({ statusCode: 200, body: Buffer.from('%PDF-1.4') })).toBe(false);
  });
});
