import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { type RunningDnsServer, startDnsServer } from '../support/dns-server.js';
import { call, runCheck } from '../support/monitor-client.js';

import { post } from '../support/scrape-client.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';
import { until } from '../support/until.js';

/**
 * Known SSRF bypasses, through the routes users take. Two loopback servers: a "public" site, the only
 * private address:port this Trawl allows (ALLOW_PRIVATE_ADDRESSES=127.0.0.1:<its port>), and an
 * "internal" service on another port that must never see a request, whatever form its address takes.
 * A second Trawl resolves names through a DNS server of the test (DNS_SERVERS) that maps them to
 * private addresses.
 */
let trawl: RunningTrawl;
let site: Server;
let internal: Server;
let sitePort: number;
let internalPort: number;
const internalHits: string[] = [];
/** This machine's own name, when the resolver maps it to loopback (Debian's /etc/hosts does): a DNS name, not a literal. */
let machineName: string | undefined;

const siteUrl = (path: string) => `http://127.0.0.1:${sitePort}${path}`;
const page = (body: string) =>
  `<!doctype html><html><head><title>Public</title></head><body>${body}</body></html>`;

/** Every form of "this host, the internal port" (and of other private ranges) an attacker may try. */
const payloads = (): string[] => {
  const p = internalPort;
  return [
    `http://127.0.0.1:${p}/`,
    `http://2130706433:${p}/`, // decimal
    `http://0x7f000001:${p}/`, // hex
    `http://017700000001:${p}/`, // octal
    `http://0177.0.0.1:${p}/`, // octal octet
    `http://0x7f.0x0.0x0.0x1:${p}/`, // hex octets
    `http://127.1:${p}/`, // short forms
    `http://127.0.1:${p}/`,
    `http://127.255.255.254:${p}/`, // the rest of 127/8
    `http://0:${p}/`,
    `http://0.0.0.0:${p}/`,
    `http://①②⑦.0.0.1:${p}/`, // full-width digits
    `http://127。0。0。1:${p}/`, // ideographic full stops
    `http://public@127.0.0.1:${p}/`, // userinfo
    `http://127.0.0.1:${sitePort}@127.0.0.1:${p}/`, // the allowed authority as userinfo
    `http://localhost:${p}/`,
    `http://LOCALHOST.:${p}/`,
    `http://internal.localhost:${p}/`,
    ...(machineName ? [`http://${machineName}:${p}/`] : []),
    `http://[::1]:${p}/`,
    `http://[0:0:0:0:0:0:0:1]:${p}/`,
    `http://[::]:${p}/`,
    `http://[::ffff:127.0.0.1]:${p}/`, // IPv4-mapped, dotted
    `http://[::ffff:7f00:1]:${p}/`, // IPv4-mapped, hex
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/`,
    `http://[::ffff:0:7f00:1]:${p}/`, // IPv4-translated
    `http://[::127.0.0.1]:${p}/`, // IPv4-compatible
    `http://[64:ff9b::7f00:1]:${p}/`, // NAT64
    `http://[2002:7f00:1::]:${p}/`, // 6to4
    'http://169.254.169.254/latest/meta-data/', // cloud metadata
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/', // CGNAT
    'http://100.127.255.254/',
    'http://198.18.0.1/', // benchmarking
    'http://224.0.0.1/', // multicast
    'http://255.255.255.255/',
    'http://[fc00::1]/', // ULA
    'http://[fe80::1]/', // link-local
    'http://[ff02::1]/', // multicast
  ];
};

const isBlocked = (response: { status: number; body: Record<string, unknown> }) => {
  expect(response.body).toEqual({ success: false, code: 'SCRAPE_SSRF_BLOCKED', error: expect.any(String) });
  expect(response.status).toBe(403);
};

/** Scrapes `url` and expects the SSRF guard's refusal, naming the URL when it got through. */
async function expectScrapeBlocked(url: string, timeout: number) {
  const response = await post(trawl, '/v2/scrape', { url, timeout });
  try {
    isBlocked(response);
  } catch (error) {
    throw new Error(`${url} was not blocked: ${response.status} ${JSON.stringify(response.body)}`, {
      cause: error,
    });
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  internal = createServer((req, res) => {
    internalHits.push(req.url ?? '/');
    res.end('internal secret');
  });
  internal.on('upgrade', (req, socket) => {
    internalHits.push(req.url ?? '/');
    socket.destroy();
  });
  internalPort = await listen(internal);
  machineName = await lookup(hostname()).then(
    ({ address }) => (/^127\.|^::1$/.test(address) ? hostname() : undefined),
    () => undefined,
  );
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const to = url.searchParams.get('to') ?? '';
    const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(page(body));
    if (url.pathname === '/redirect') return res.writeHead(302, { location: to }).end();
    if (url.pathname === '/meta-refresh')
      return html(`<meta http-equiv="refresh" content="0; url=${to}">Moving`);
    if (url.pathname === '/script-navigation')
      return html(`<script>location.href = ${JSON.stringify(to)}</script>`);
    if (url.pathname === '/subresources')
      return html(
        `<p>Public page with private resources</p><img src="${to}img"><iframe src="${to}frame"></iframe>
         <script>fetch(${JSON.stringify(`${to}fetch`)}).catch(() => {}); new WebSocket(${JSON.stringify(`${to.replace(/^http/, 'ws')}socket`)});</script>`,
      );
    if (url.pathname === '/links') return html(`<a href="${to}">internal</a><a href="/public">public</a>`);
    return html('<h1>Public page</h1><p>Nothing private here.</p>');
  });
  sitePort = await listen(site);
});

afterAll(async () => {
  for (const server of [site, internal]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

afterEach(() => {
  // The internal service must stay untouched by every test.
  expect(internalHits).toEqual([]);
});

describe('the SSRF guard with only the public site allowed', () => {
  beforeAll(async () => {
    trawl = await startTrawl({
      env: {
        ALLOW_PRIVATE_ADDRESSES: `127.0.0.1:${sitePort}`,
        MONITOR_MIN_INTERVAL_MINUTES: '1',
        WEBHOOK_RETRY_BASE_MS: '100',
      },
    });
  });
  afterAll(() => trawl?.stop());

  it('scrapes the allowed site (so refusals below are the guard, not a broken setup)', async () => {
    const { status, body } = await post(trawl, '/v2/scrape', { url: siteUrl('/'), formats: ['markdown'] });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('Nothing private here.');
  });

  it('refuses at least 30 bypass forms of private addresses in POST /v2/scrape', async () => {
    const list = payloads();
    expect(list.length).toBeGreaterThanOrEqual(30);
    for (const url of list) {
      await expectScrapeBlocked(url, 15_000);
    }
  });

  it('refuses redirects, meta refreshes and script navigations from the public site to private addresses', async () => {
    for (const path of ['/redirect', '/meta-refresh', '/script-navigation']) {
      for (const to of [`http://127.0.0.1:${internalPort}/`, `http://[::ffff:7f00:1]:${internalPort}/`]) {
        const url = siteUrl(`${path}?to=${encodeURIComponent(to)}`);
        await expectScrapeBlocked(url, 20_000);
      }
    }
  });

  it('scrapes a public page but none of its images, frames, fetches and sockets on private addresses', async () => {
    const to = `http://localhost:${internalPort}/`;
    const { status, body } = await post(trawl, '/v2/scrape', {
      url: siteUrl(`/subresources?to=${encodeURIComponent(to)}`),
      formats: ['markdown'],
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('Public page with private resources');
  });

  it('refuses private addresses in map, crawl starts and links a crawl finds', async () => {
    const map = await post(trawl, '/v2/map', { url: `http://2130706433:${internalPort}/` });
    isBlocked(map);

    const crawl = await post(trawl, '/v2/crawl', {
      url: siteUrl(`/links?to=${encodeURIComponent(`http://0x7f000001:${internalPort}/`)}`),
      allowExternalLinks: true,
      // /public is a sibling of /links, not below it.
      crawlEntireDomain: true,
      limit: 5,
      sitemap: 'skip',
    });
    expect(crawl.status).toBe(200);
    const done = await until(async () => {
      const { body } = await call(trawl, 'GET', `/v2/crawl/${crawl.body.id}`);
      return body.status === 'completed' ? body : undefined;
    }, 'the crawl');
    const portOf = (url: string) => Number(new URL(url).port);
    expect(
      done.data.map((document: { metadata: { sourceURL: string } }) => portOf(document.metadata.sourceURL)),
    ).toEqual([sitePort, sitePort]);
    const errors = await call(trawl, 'GET', `/v2/crawl/${crawl.body.id}/errors`);
    expect(
      errors.body.errors.map((error: { url: string; code?: string; error: string }) => portOf(error.url)),
    ).toEqual([internalPort]);
  });

  it('never calls a monitor webhook on a private address', async () => {
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Hooked inside',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', url: siteUrl('/') }],
      webhook: { url: `http://[::ffff:127.0.0.1]:${internalPort}/hooks` },
    });
    expect(created.status).toBe(200);
    const check = await runCheck(trawl, created.body.data.id);
    const detail = await until(async () => {
      const { body } = await call(
        trawl,
        'GET',
        `/v2/monitor/${created.body.data.id}/checks/${check.data.id}`,
      );
      return body.data.notificationStatus.webhook === 'failed' ? body.data : undefined;
    }, 'the refused webhook');
    expect(detail.notificationStatus.deliveries).toContainEqual(
      expect.objectContaining({
        status: 'failed',
        lastError: expect.stringMatching(/private or reserved address/),
      }),
    );
  });
});

describe('the SSRF guard resolving names through DNS_SERVERS', () => {
  let dns: RunningDnsServer;
  const names = ['internal.test', 'meta.test', 'v6.test', 'mixed.test', 'loop.test'];

  beforeAll(async () => {
    dns = await startDnsServer({
      'internal.test': { a: ['10.0.0.5'] },
      'meta.test': { a: ['169.254.169.254'] },
      'v6.test': { aaaa: ['fd00::1'] },
      'mixed.test': { a: ['93.184.215.14'], aaaa: ['fd00::7'] },
      'loop.test': { a: ['127.0.0.1'] },
    });
    trawl = await startTrawl({
      env: { ALLOW_PRIVATE_ADDRESSES: `127.0.0.1:${sitePort}`, DNS_SERVERS: dns.address },
    });
  });
  afterAll(async () => {
    await trawl?.stop();
    await dns?.stop();
  });

  it('asks those servers, and answers a DNS error for a name they do not know', async () => {
    const { status, body } = await post(trawl, '/v2/scrape', { url: 'http://absent.test/' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      code: 'SCRAPE_DNS_RESOLUTION_ERROR',
      error: expect.stringContaining('DNS_SERVERS have no A or AAAA record for absent.test'),
    });
  });

  it('refuses names that resolve to private addresses, in scrapes, redirects and map', async () => {
    const urls = [
      ...names.map((name) => `http://${name}:${internalPort}/`),
      siteUrl(`/redirect?to=${encodeURIComponent(`http://loop.test:${internalPort}/`)}`),
      siteUrl(`/redirect?to=${encodeURIComponent('http://meta.test/latest/meta-data/')}`),
    ];
    for (const url of urls) {
      await expectScrapeBlocked(url, 20_000);
    }
    isBlocked(await post(trawl, '/v2/map', { url: 'http://internal.test/' }));
    expect(dns.questions).toEqual(expect.arrayContaining(names));
  });
});
