import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RunningDnsServer, startDnsServer } from '../../../../test/support/dns-server.js';
import { resolveGuardNamesThrough } from '../ssrf/address-guard.js';
import { BrowserPool } from './browser-pool.js';

/**
 * The SSRF guard for a page's own requests. `public.test` and `other.test` must look public to
 * the DNS checks (a test DNS server, through DNS_SERVERS' resolver) while Chromium really connects
 * them to the loopback test server (`--host-resolver-rules`): the shape of public pages that point
 * at private addresses.
 */
const PUBLIC_HOST = 'public.test';
const OTHER_SITE = 'other.test';

let dns: RunningDnsServer;
let server: Server;
let port: number;
const seen: string[] = [];

const pages: Record<string, () => { status?: number; location?: string; body: string }> = {
  '/page': () => ({
    body: `<html><body>ok
      <img src="http://127.0.0.1:${port}/private.png">
      <img src="http://${PUBLIC_HOST}:${port}/public.png">
      <iframe src="http://${OTHER_SITE}:${port}/frame"></iframe>
      <script>
        window.open("http://${PUBLIC_HOST}:${port}/popup");
        new WebSocket("ws://127.0.0.1:${port}/socket");
      </script>
    </body></html>`,
  }),
  // A cross-site frame whose image redirects to a private address.
  '/frame': () => ({ body: '<html><body><img src="/frame-image"></body></html>' }),
  '/frame-image': () => ({ status: 302, location: `http://127.0.0.1:${port}/frame-secret`, body: '' }),
  '/to-private': () => ({ status: 302, location: `http://127.0.0.1:${port}/secret`, body: '' }),
};

beforeAll(async () => {
  dns = await startDnsServer({
    [PUBLIC_HOST]: { a: ['93.184.215.14'] },
    [OTHER_SITE]: { a: ['93.184.215.14'] },
  });
  resolveGuardNamesThrough([dns.address]);
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(path);
    const page = pages[path]?.();
    if (!page) return res.writeHead(404).end();
    res.writeHead(page.status ?? 200, {
      'content-type': 'text/html',
      ...(page.location ? { location: page.location } : {}),
    });
    res.end(page.body);
  });
  server.on('upgrade', (req, socket) => {
    seen.push(new URL(req.url ?? '/', 'http://x').pathname);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

const pool = new BrowserPool({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  concurrency: 1,
  launchArgs: [`--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1, MAP ${OTHER_SITE} 127.0.0.1`],
});

afterAll(async () => {
  resolveGuardNamesThrough([]);
  await dns.stop();
  await pool.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchPublic = (path: string) =>
  pool.fetchPage({
    url: `http://${PUBLIC_HOST}:${port}${path}`,
    timeout: 60_000,
    allowedPrivateAddresses: [],
  });

describe('BrowserPool request guard', () => {
  it('loads a public page but nothing it points at on private addresses', async () => {
    const page = await fetchPublic('/page');
    expect(page.statusCode).toBe(200);
    expect(seen).toEqual(expect.arrayContaining(['/page', '/public.png', '/frame', '/frame-image']));
    expect(seen).not.toContain('/private.png');
    expect(seen).not.toContain('/frame-secret');
    expect(seen).not.toContain('/socket');
    // Popups are never loaded: their redirects would escape the guard.
    expect(seen).not.toContain('/popup');
  });

  it('refuses a page that redirects to a private address before the redirect is followed', async () => {
    const error = await fetchPublic('/to-private').then(
      () => undefined,
      (failure: { code: string; message: string }) => failure,
    );
    expect(error?.code).toBe('SCRAPE_SSRF_BLOCKED');
    expect(error?.message).toContain(`127.0.0.1:${port}/secret`);
    expect(seen).toContain('/to-private');
    expect(seen).not.toContain('/secret');
  });
});
