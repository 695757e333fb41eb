import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { startForwardProxy } from '../../../../test/support/forward-proxy.js';
import { FetchError } from '../fetch/fetch-error.js';
import { BrowserPool, type FetchPageOptions } from './browser-pool.js';

/** A page server that records what reached it and how many requests were in flight at once. */
let server: Server;
let origin: string;
const seen: { path: string; headers: IncomingMessage['headers'] }[] = [];
let inFlight = 0;
let maxInFlight = 0;
const held: (() => void)[] = [];

const pages: Record<
  string,
  (url: URL) => {
    status?: number;
    type?: string;
    body: string;
    delay?: number;
    location?: string;
    heldUntilOverlap?: boolean;
  }
> = {
  '/static': () => ({ body: '<html><head><title>Static</title></head><body><h1>Hello</h1></body></html>' }),
  '/rendered': () => ({
    body: '<html><body><div id="app"></div><script>setTimeout(() => { document.getElementById("app").textContent = "Rendered later"; }, 300)</script></body></html>',
  }),
  '/redirect': () => ({ status: 302, location: '/static', body: '' }),
  '/missing': () => ({ status: 404, body: '<html><body>Gone</body></html>' }),
  '/slow': () => ({ body: '<html><body>slow</body></html>', delay: 5_000 }),
  // Held until two requests have been in flight at once (or 10 s): overlap is certain whenever the
  // pool allows it, however slow the machine, and the test still ends when it does not.
  '/held': () => ({ body: '<html><body>held</body></html>', delay: 10_000, heldUntilOverlap: true }),
  '/data.json': () => ({ type: 'application/json', body: '{"a":1}' }),
  '/latin1': () => ({ type: 'text/plain; charset=windows-1252', body: 'caf\u00e9' }),
  '/ua': () => ({
    body: '<html><body><script>document.body.textContent = navigator.userAgent + " | brands=" + navigator.userAgentData.brands.map((b) => b.brand + "/" + b.version).join(",")</script></body></html>',
  }),
  '/with-ad': () => ({
    body: `<html><body><script src="http://securepubads.g.doubleclick.net:${new URL(origin).port}/tag/js/gpt.js"></script>ok</body></html>`,
  }),
  '/automation': () => ({
    body: '<html><body><script>document.body.textContent = "webdriver=" + navigator.webdriver + " languages=" + navigator.languages</script></body></html>',
  }),
  '/private-image': () => ({ body: '<html><body><img src="http://127.0.0.1:1/x.png">ok</body></html>' }),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: url.pathname, headers: req.headers });
    const page = pages[url.pathname]?.(url);
    if (!page) return res.writeHead(404).end();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const answer = () => {
      clearTimeout(timer);
      if (res.writableEnded) return;
      inFlight--;
      res.writeHead(page.status ?? 200, {
        'content-type': page.type ?? 'text/html; charset=utf-8',
        ...(page.location ? { location: page.location } : {}),
      });
      res.end(page.type?.includes('1252') ? Buffer.from(page.body, 'latin1') : page.body);
    };
    const timer = setTimeout(answer, page.delay ?? 0);
    if (page.heldUntilOverlap) held.push(answer);
    if (inFlight >= 2 || maxInFlight >= 2) for (const release of held.splice(0)) release();
    res.on('close', () => {
      if (!res.writableEnded) {
        clearTimeout(timer);
        inFlight--;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The ad host resolves to the test server, so only the blocker can keep the request away from it.
const pool = new BrowserPool({
  executablePath,
  concurrency: 2,
  launchArgs: ['--host-resolver-rules=MAP securepubads.g.doubleclick.net 127.0.0.1'],
});

afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const fetchPage = (path: string, options: Partial<FetchPageOptions> = {}) =>
  pool.fetchPage({ url: `${origin}${path}`, timeout: 60_000, allowedPrivateAddresses: 'all', ...options });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: FetchError) => error,
  );

/** The features `browser` runs with turned off, as Chromium hands them to the renderer of a page (Linux: /proc). */
async function featuresTurnedOff(browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  await (await context.newPage()).goto(`${origin}/static`);
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  await cdp.detach();
  const renderer = processInfo.find((process) => process.type === 'renderer');
  // Read while the page is open (an exiting renderer shows none); Chromium writes it space-separated.
  const commandLine = readFileSync(`/proc/${renderer?.id}/cmdline`, 'utf8').split(/[\0 ]/);
  await context.close();
  const switchValue = commandLine.find((arg) => arg.startsWith('--disable-features='));
  return switchValue?.slice('--disable-features='.length).split(',') ?? [];
}

describe('BrowserPool.fetchPage', () => {
  it('renders a page and reports its status and content type', async () => {
    const page = await fetchPage('/static');
    expect(page).toMatchObject({
      url: `${origin}/static`,
      statusCode: 200,
      contentType: 'text/html; charset=utf-8',
    });
    expect(page.body).toContain('<h1>Hello</h1>');
  });

  it('waits for content that scripts render after load', async () => {
    expect((await fetchPage('/rendered')).body).toContain('Rendered later');
  });

  it('follows redirects and returns error pages with their status', async () => {
    expect((await fetchPage('/redirect')).url).toBe(`${origin}/static`);
    expect((await fetchPage('/missing')).statusCode).toBe(404);
  });

  it('counts the contexts it holds open, including a page kept alive after its fetch', async () => {
    await fetchPage('/static');
    expect(pool.usage()).toEqual({ contextsOpen: 0, active: 0, queued: 0, concurrency: 2 });
    const kept = await fetchPage('/static', { keepAlive: true });
    expect(pool.usage()).toMatchObject({ contextsOpen: 1, active: 0 });
    await kept.live?.context.close();
    expect(pool.usage().contextsOpen).toBe(0);
  });

  it("loads nothing of Chromium's own UI beside a page (each would cost a renderer of its own)", async () => {
    const kept = await fetchPage('/static', { keepAlive: true });
    const browser = kept.live?.context.browser();
    const cdp = await browser?.newBrowserCDPSession();
    const { targetInfos } = (await cdp?.send('Target.getTargets', { filter: [{}] })) ?? { targetInfos: [] };
    await cdp?.detach();
    await kept.live?.context.close();
    expect(targetInfos.map((target) => `${target.type} ${target.url}`).sort()).toEqual([
      `page ${origin}/static`,
      `tab ${origin}/static`,
    ]);
  });

  it("keeps off every feature Playwright turns off, though its own --disable-features replaces Playwright's", async () => {
    const plain = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    const playwrights = await featuresTurnedOff(plain).finally(() => plain.close());
    const kept = await fetchPage('/static', { keepAlive: true });
    const browser = kept.live?.context.browser();
    await kept.live?.context.close();
    expect(playwrights).toContain('HttpsUpgrades');
    expect(browser && (await featuresTurnedOff(browser))).toEqual(
      expect.arrayContaining([...playwrights, 'WebUIOmniboxPopup']),
    );
  });

  it('opens a blank page of its own (a browser session), guarded like a scrape, held until its context closes', async () => {
    const guarded = await pool.openBlankPage({ allowedPrivateAddresses: [] });
    expect(pool.usage()).toMatchObject({ contextsOpen: 1, active: 0 });
    expect(guarded.page.url()).toBe('about:blank');
    await expect(guarded.page.goto(`${origin}/static`)).rejects.toThrow(/ERR_BLOCKED_BY_CLIENT/);
    await guarded.context.close();
    const open = await pool.openBlankPage({ allowedPrivateAddresses: 'all' });
    await open.page.goto(`${origin}/static`);
    expect(await open.page.title()).toBe('Static');
    await open.context.close();
    expect(pool.usage().contextsOpen).toBe(0);
  });

  it('returns JSON and text bodies decoded with their charset', async () => {
    expect(await fetchPage('/data.json')).toMatchObject({ body: '{"a":1}', contentType: 'application/json' });
    expect((await fetchPage('/latin1')).body).toBe('café');
  });

  it('gives up with SCRAPE_TIMEOUT when the budget runs out', async () => {
    const error = await failure(fetchPage('/slow', { timeout: 1_500 }));
    expect(error).toBeInstanceOf(FetchError);
    expect(error?.code).toBe('SCRAPE_TIMEOUT');
  });

  it('sends custom headers and looks like a phone when asked', async () => {
    await fetchPage('/static', { headers: { 'X-Probe': 'kelp' } });
    expect(seen.findLast((request) => request.path === '/static')?.headers['x-probe']).toBe('kelp');
    expect((await fetchPage('/ua', { mobile: true })).body).toMatch(/Android.*Mobile/);
    const desktop = String((await fetchPage('/ua')).body);
    expect(desktop).not.toMatch(/Mobile|HeadlessChrome/);
    // The user agent claims the Chromium the client hints name, as Chrome writes it: Chrome/156.0.0.0.
    const [, claimed] = /Chrome\/(\d+)\.0\.0\.0 /.exec(desktop) ?? [];
    expect(desktop).toContain(`Chromium/${claimed}`);
    // A User-Agent header is the browser's user agent, sent once.
    expect((await fetchPage('/ua', { headers: { 'user-agent': 'Probe/1.0' } })).body).toContain(
      '<body>Probe/1.0 | brands=',
    );
    expect(seen.findLast((request) => request.path === '/ua')?.headers['user-agent']).toBe('Probe/1.0');
  });

  it('blocks ad requests with blockAds and lets them through without it', async () => {
    const adRequests = () => seen.filter((request) => request.path === '/tag/js/gpt.js').length;
    await fetchPage('/with-ad', { blockAds: true });
    expect(adRequests()).toBe(0);
    await fetchPage('/with-ad', { blockAds: false });
    expect(adRequests()).toBe(1);
  });

  it('refuses private addresses unless allowed, before anything is requested', async () => {
    const before = seen.length;
    const error = await failure(fetchPage('/static', { allowedPrivateAddresses: [] }));
    expect(error?.code).toBe('SCRAPE_SSRF_BLOCKED');
    expect(seen.length).toBe(before);
    await expect(
      failure(fetchPage('/static', { url: 'file:///etc/passwd', allowedPrivateAddresses: [] } as never)),
    ).resolves.toMatchObject({
      code: 'SCRAPE_SSRF_BLOCKED',
    });
  });

  it('answers SCRAPE_DNS_RESOLUTION_ERROR for hosts that do not exist', async () => {
    const error = await failure(
      pool.fetchPage({ url: 'http://no-such-host.invalid/', timeout: 10_000, allowedPrivateAddresses: [] }),
    );
    expect(error?.code).toBe('SCRAPE_DNS_RESOLUTION_ERROR');
    expect(error?.message).toContain('no-such-host.invalid');
  });

  it('never renders more pages at once than its concurrency', async () => {
    maxInFlight = 0;
    // The last pages wait two rounds for a slot, and the wait counts against their timeout: on a
    // busy machine 15 s was not enough for three rounds of renders.
    await Promise.all(Array.from({ length: 5 }, () => fetchPage('/held', { timeout: 60_000 })));
    expect(maxInFlight).toBe(2);
  });

  it('sends the page through the proxy of its context, credentials included, and only that context', async () => {
    const credentials = { username: 'ada', password: 's3cret' };
    const proxy = await startForwardProxy('pool-a', { credentials });
    try {
      await fetchPage('/static', { proxy: { server: proxy.url, ...credentials } });
      expect(proxy.carriedTo(`${origin}/static`)).toHaveLength(1);
      expect(seen.findLast((request) => request.path === '/static')?.headers['x-proxy-name']).toBe('pool-a');
      await fetchPage('/static');
      expect(proxy.carriedTo(`${origin}/static`)).toHaveLength(1);
      expect(seen.findLast((request) => request.path === '/static')?.headers['x-proxy-name']).toBeUndefined();
    } finally {
      await proxy.close();
    }
  });

  it('hides automation traces in stealth contexts only', async () => {
    expect((await fetchPage('/automation', { stealth: true })).body).toContain(
      'webdriver=false languages=en-US',
    );
    expect((await fetchPage('/automation')).body).toContain('webdriver=true');
  });

  it('still refuses private targets behind a proxy: the proxy carries nothing', async () => {
    const proxy = await startForwardProxy('pool-b');
    try {
      const error = await failure(
        fetchPage('/static', { allowedPrivateAddresses: [], proxy: { server: proxy.url } }),
      );
      expect(error?.code).toBe('SCRAPE_SSRF_BLOCKED');
      expect(proxy.carried).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
