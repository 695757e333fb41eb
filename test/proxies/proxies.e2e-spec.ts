import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { type ForwardProxy, startForwardProxy } from '../support/forward-proxy.js';
import { CLIP_PAGE, makeClip } from '../support/media-clip.js';
import { createTeam, operatorCli } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';
import { until } from '../support/until.js';

const run = promisify(execFile);

/** An HTTPS page with a throwaway self-signed certificate (scrapes skip TLS verification by default). */
async function startHttpsSite(): Promise<{ origin: string; server: Server }> {
  const directory = await mkdtemp(join(tmpdir(), 'trawl-tls-'));
  try {
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(directory, 'key.pem'),
      '-out',
      join(directory, 'cert.pem'),
    ]);
    const server = createServer(
      { key: await readFile(join(directory, 'key.pem')), cert: await readFile(join(directory, 'cert.pem')) },
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          '<html><head><title>Harbour</title></head><body><main><h1>Harbour over TLS</h1></main></body></html>',
        );
      },
    );
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    return { origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

let site: FixtureSite;
let https: { origin: string; server: Server };
let basic: ForwardProxy;
let enhanced: ForwardProxy;
let german: ForwardProxy;
let trawl: RunningTrawl;

beforeAll(async () => {
  site = await startFixtureSite();
  https = await startHttpsSite();
  basic = await startForwardProxy('basic');
  enhanced = await startForwardProxy('enhanced', { credentials: { username: 'ada', password: 'tide' } });
  german = await startForwardProxy('basic-de');
  trawl = await startTrawl({
    env: {
      PROXY_BASIC: `${basic.url},DE=${german.url}`,
      PROXY_ENHANCED: enhanced.url.replace('http://', 'http://ada:tide@'),
    },
  });
});

afterAll(async () => {
  await trawl?.stop();
  for (const proxy of [basic, enhanced, german]) await proxy?.close();
  https?.server.close();
  await site?.close();
});

const scrape = (body: Record<string, unknown>, apiKey?: string) =>
  post(trawl, '/v2/scrape', { maxAge: 0, ...body }, { apiKey });
/** Which proxies carried requests for `url`, by name. */
const carriers = (url: string) =>
  Object.entries({ basic, enhanced, german })
    .filter(([, proxy]) => proxy.carriedTo(url).length > 0)
    .map(([name]) => name);

describe('proxies', () => {
  it('fetches basic through the basic pool and enhanced through the enhanced pool, charging 1 and 5', async () => {
    const plain = site.url('/articles/tide-pools?via=basic');
    const answer = await scrape({ url: plain, proxy: 'basic' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.metadata).toMatchObject({ proxyUsed: 'basic', creditsUsed: 1 });
    expect(carriers(plain)).toEqual(['basic']);

    const stealthy = site.url('/articles/tide-pools?via=enhanced');
    const enhancedAnswer = await scrape({ url: stealthy, proxy: 'enhanced' });
    expect(enhancedAnswer.body.data.markdown).toContain('Tide Pools of the North Coast');
    expect(enhancedAnswer.body.data.metadata).toMatchObject({ proxyUsed: 'enhanced', creditsUsed: 5 });
    expect(carriers(stealthy)).toEqual(['enhanced']);
    // Nothing reached the site except through a proxy.
    const seen = site.requests.filter((request) => request.path.startsWith('/articles/tide-pools?via='));
    expect(seen.map((request) => request.headers['x-proxy-name'])).toEqual(['basic', 'enhanced']);
  });

  it("routes location.country through that country's proxy, and other countries through the general pool", async () => {
    const germanPage = site.url('/articles/tide-pools?via=de');
    const answer = await scrape({ url: germanPage, proxy: 'basic', location: { country: 'DE' } });
    expect(answer.body.data.metadata.proxyUsed).toBe('basic');
    expect(carriers(germanPage)).toEqual(['german']);
    const french = site.url('/articles/tide-pools?via=fr');
    await scrape({ url: french, proxy: 'basic', location: { country: 'FR' } });
    expect(carriers(french)).toEqual(['basic']);
  });

  it('retries a blocked auto scrape through the enhanced pool and charges 5 only when that retry got through', async () => {
    const team = await createTeam(trawl, 'proxied');
    await operatorCli(trawl, 'credits', 'grant', team.teamId, '20', 'proxies');

    const walled = site.url('/bot-wall?via=auto');
    const retried = await scrape({ url: walled }, team.key);
    expect(retried.body.data.markdown).toContain('Tide Pools of the North Coast');
    expect(retried.body.data.metadata).toMatchObject({
      statusCode: 200,
      proxyUsed: 'enhanced',
      creditsUsed: 5,
    });
    expect(basic.carriedTo(walled)).toHaveLength(1);
    expect(enhanced.carriedTo(walled)).toHaveLength(1);

    const open = site.url('/articles/tide-pools?via=auto');
    const direct = await scrape({ url: open, proxy: 'auto' }, team.key);
    expect(direct.body.data.metadata).toMatchObject({ proxyUsed: 'basic', creditsUsed: 1 });
    expect(carriers(open)).toEqual(['basic']);

    // Blocked for every proxy: the enhanced retry did not get through, so the basic answer stands at 1 credit.
    const closed = site.url('/forbidden?via=auto');
    const refused = await scrape({ url: closed }, team.key);
    expect(refused.body.data.metadata).toMatchObject({ statusCode: 403, proxyUsed: 'basic', creditsUsed: 1 });
    expect(carriers(closed)).toEqual(['basic', 'enhanced']);

    const usage = await until(async () => {
      const response = await fetch(`${trawl.baseUrl}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${team.key}` },
      });
      const { data } = await response.json();
      return data.creditsUsed === 7 && data;
    }, 'the three charges in the ledger');
    expect(usage).toMatchObject({ remainingCredits: 13, creditsUsed: 7 });
  });

  it('tunnels HTTPS through the proxy with CONNECT', async () => {
    const answer = await scrape({ url: `${https.origin}/`, proxy: 'enhanced' });
    expect(answer.body.data.markdown).toContain('Harbour over TLS');
    expect(enhanced.carriedTo(new URL(https.origin).host)).not.toHaveLength(0);
    expect(basic.carriedTo(new URL(https.origin).host)).toHaveLength(0);
  });

  it('downloads a PDF through the same proxy as the page', async () => {
    // Chromium sends plain HTTP to the proxy (which marks it); Playwright's re-fetch of a PDF tunnels with CONNECT.
    const tunnels = () => enhanced.carriedTo(new URL(site.origin).host).length;
    const tunnelsBefore = tunnels();
    const answer = await scrape({ url: site.url('/doc.pdf?via=enhanced'), proxy: 'enhanced', parsers: [] });
    expect(answer.body.data.metadata).toMatchObject({ proxyUsed: 'enhanced', creditsUsed: 5 });
    const fetched = site.requests.filter((request) => request.path === '/doc.pdf?via=enhanced');
    const marked = fetched.filter((request) => request.headers['x-proxy-name'] === 'enhanced');
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.length + (tunnels() - tunnelsBefore)).toBe(fetched.length);
  });

  it("reads a crawl's robots.txt and sitemaps through the proxy its pages use", async () => {
    const before = site.requests.length;
    const started = await post(trawl, '/v2/crawl', {
      url: site.url('/crawl/'),
      limit: 1,
      scrapeOptions: { proxy: 'enhanced', formats: ['markdown'] },
    });
    expect(started.status).toBe(200);
    await until(async () => {
      const response = await fetch(`${trawl.baseUrl}/v2/crawl/${started.body.id}`, {
        headers: { authorization: `Bearer ${trawl.apiKey}` },
      });
      return (await response.json()).status === 'completed';
    }, 'the crawl');
    const crawled = site.requests.slice(before);
    const robots = crawled.filter((request) => request.path === '/robots.txt');
    expect(robots).toHaveLength(1);
    expect(crawled.map((request) => request.headers['x-proxy-name'])).toEqual(crawled.map(() => 'enhanced'));
  });

  it('maps a site through the basic pool', async () => {
    const before = site.requests.length;
    const mapped = await post(trawl, '/v2/map', { url: site.url('/crawl/'), sitemap: 'skip' });
    expect(mapped.body.links.length).toBeGreaterThan(0);
    const fetched = site.requests.slice(before);
    expect(fetched.map((request) => request.path)).toContain('/crawl/');
    expect(fetched.map((request) => request.headers['x-proxy-name'])).toEqual(fetched.map(() => 'basic'));
  });

  it("downloads a page's video with yt-dlp through the proxy that fetched the page", async () => {
    site.serve('/media/clip.mp4', 'video/mp4', await makeClip());
    site.serve('/media/page', 'text/html; charset=utf-8', CLIP_PAGE);
    const answer = await scrape({
      url: site.url('/media/page'),
      proxy: 'enhanced',
      formats: ['video'],
      timeout: 60_000,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.video).toMatch(/\/v2\/files\//);
    expect(enhanced.carriedTo(site.url('/media/clip.mp4')).length).toBeGreaterThan(0);
    const clips = site.requests.filter((request) => request.path === '/media/clip.mp4');
    expect(clips.map((request) => request.headers['x-proxy-name'])).toEqual(clips.map(() => 'enhanced'));
  });

  it('fetches zero-data-retention scrapes through the proxies too', async () => {
    const team = await createTeam(trawl, 'zdr-proxied');
    await operatorCli(trawl, 'teams', 'zdr', team.teamId, 'on');
    const url = site.url('/bot-wall?via=zdr');
    const answer = await scrape({ url, zeroDataRetention: true }, team.key);
    expect(answer.body.data.markdown).toContain('Tide Pools of the North Coast');
    // The enhanced proxy's 5, and 1 for zero data retention.
    expect(answer.body.data.metadata).toMatchObject({ proxyUsed: 'enhanced', creditsUsed: 6 });
    expect(carriers(url)).toEqual(['basic', 'enhanced']);
  });
});
