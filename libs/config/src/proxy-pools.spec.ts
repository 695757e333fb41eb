import { loadConfig } from './config.js';

describe('proxy pools', () => {
  it('are empty by default: basic fetches go direct and enhanced is unavailable', () => {
    expect(loadConfig({}).proxies).toEqual({ basic: [], enhanced: [] });
  });

  it('read comma-separated proxy URLs, credentials apart and country tags upper-cased', () => {
    expect(
      loadConfig({
        PROXY_BASIC: 'http://10.0.0.5:3128, de=http://de.proxy:8080',
        PROXY_ENHANCED: 'http://ada:p%40ss@residential.example:1080',
      }).proxies,
    ).toEqual({
      basic: [{ server: 'http://10.0.0.5:3128' }, { server: 'http://de.proxy:8080', country: 'DE' }],
      enhanced: [{ server: 'http://residential.example:1080', username: 'ada', password: 'p@ss' }],
    });
  });

  it('refuse an entry that is not a proxy URL, naming the variable', () => {
    expect(() => loadConfig({ PROXY_ENHANCED: 'residential.example' })).toThrow(/PROXY_ENHANCED/);
    expect(() => loadConfig({ PROXY_BASIC: 'socks5://proxy:1080' })).toThrow(/PROXY_BASIC.*http:\/\//);
  });
});
