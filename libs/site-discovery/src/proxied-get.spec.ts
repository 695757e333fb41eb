import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ForwardProxy, startForwardProxy } from '../../../test/support/forward-proxy.js';
import { fetchText } from './guarded-fetch.js';

describe('fetchText through a proxy', () => {
  let site: Server;
  let origin: string;
  let proxy: ForwardProxy;
  const options = { timeoutMs: 5_000, userAgent: 'TrawlBot' };

  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/old-robots.txt') return res.writeHead(301, { location: '/robots.txt' }).end();
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`User-agent: *\nDisallow: /private\n# via ${req.headers['x-proxy-name'] ?? 'direct'}`);
    });
    await new Promise<void>((ready) => site.listen(0, '127.0.0.1', ready));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    proxy = await startForwardProxy('basic', { credentials: { username: 'ada', password: 'tide' } });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((done) => site.close(done));
  });

  it('sends every hop through the proxy, with its credentials', async () => {
    const robots = await fetchText(`${origin}/old-robots.txt`, {
      ...options,
      allowedPrivateAddresses: 'all',
      proxy: { server: proxy.url, username: 'ada', password: 'tide' },
    });
    expect(robots).toMatchObject({ url: `${origin}/robots.txt`, status: 200, contentType: 'text/plain' });
    expect(robots.body).toContain('# via basic');
    expect(proxy.carried.map((request) => request.target)).toEqual([
      `${origin}/old-robots.txt`,
      `${origin}/robots.txt`,
    ]);
  });

  it('still refuses a private target before the proxy carries anything', async () => {
    const before = proxy.carried.length;
    await expect(
      fetchText(`${origin}/robots.txt`, {
        ...options,
        allowedPrivateAddresses: [],
        proxy: { server: proxy.url, username: 'ada', password: 'tide' },
      }),
    ).rejects.toMatchObject({ code: 'SCRAPE_SSRF_BLOCKED' });
    expect(proxy.carried).toHaveLength(before);
  });
});
