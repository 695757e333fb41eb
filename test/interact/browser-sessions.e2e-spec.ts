import Firecrawl from '@mendable/firecrawl-js';

import { post } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();
const sdk = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });

async function call(method: 'GET' | 'DELETE', path: string, apiKey = running.trawl.apiKey) {
  const response = await fetch(`${running.trawl.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return { status: response.status, body: await response.json() };
}

const execute = (id: string, body: Record<string, unknown>, apiKey?: string) =>
  post(running.trawl, `/v2/browser/${id}/execute`, body, apiKey ? { apiKey } : {});

/** Sessions still open when a test fails are closed, so the worker's room is not used up. */
const opened: string[] = [];
afterAll(async () => {
  for (const id of opened) await call('DELETE', `/v2/browser/${id}`);
});

async function open(body: Record<string, unknown> = {}): Promise<string> {
  const { status, body: answer } = await post(running.trawl, '/v2/browser', body);
  expect({ status, answer }).toMatchObject({ status: 200, answer: { success: true } });
  opened.push(answer.id);
  return answer.id;
}

describe('browser sessions (/v2/browser)', () => {
  it('opens a page of its own, runs code on it call after call, lists it and bills its minutes on delete, through the SDK', async () => {
    const client = sdk();
    const before = Date.now();
    const session = await client.browser({ ttl: 120 });
    expect(session).toMatchObject({
      success: true,
      id: expect.any(String),
      liveViewUrl: expect.stringContaining(`/v2/browser/${session.id}/live?`),
      interactiveLiveViewUrl: expect.stringContaining(`/v2/browser/${session.id}/interactive?`),
    });
    opened.push(session.id as string);
    const expiresIn = Date.parse(session.expiresAt as string) - before;
    expect(expiresIn).toBeGreaterThan(110_000);
    expect(expiresIn).toBeLessThan(130_000);

    const first = await client.browserExecute(session.id as string, {
      language: 'node',
      code: `await page.goto(${JSON.stringify(running.site.url('/form'))}); console.log('loaded'); return await page.title()`,
    });
    expect(first).toMatchObject({
      success: true,
      result: 'Greeting form',
      stdout: 'loaded\n',
      exitCode: 0,
      killed: false,
    });

    // The same page for the next call: what the first one typed is still there.
    await client.browserExecute(session.id as string, {
      language: 'node',
      code: "await page.getByLabel('Your name').fill('Ada'); await page.click('#greet'); await page.waitForSelector('#greeting')",
    });
    const second = await client.browserExecute(session.id as string, {
      language: 'node',
      code: "return await page.locator('#greeting').textContent()",
    });
    expect(second).toMatchObject({ success: true, result: 'Hello, Ada!' });

    // A failing script is a 200 that says so.
    const failing = await client.browserExecute(session.id as string, {
      language: 'node',
      code: "throw new Error('no such shelf')",
    });
    expect(failing).toMatchObject({ success: false, exitCode: 1, killed: false });
    expect(failing.error).toContain('no such shelf');
    // stderr says where in the script it failed, never the runner's own files, for errors the script
    // throws and for page calls that fail alike.
    expect(failing.stderr).toMatch(/^Error: no such shelf\n\s+at interact\.js:1:\d+/);
    const blocked = await client.browserExecute(session.id as string, {
      language: 'node',
      code: "const shelf = '#no-such-shelf';\nawait page.click(shelf, { timeout: 500 });",
    });
    expect(blocked).toMatchObject({ success: false, exitCode: 1 });
    expect(blocked.stderr).toMatch(
      /^Error: page\.click: Timeout 500ms exceeded[\s\S]*\n\s+at interact\.js:2:\d+/,
    );
    expect(`${failing.stderr}${blocked.stderr}`).not.toContain('sandbox-runner');

    const active = await client.listBrowsers({ status: 'active' });
    expect(active.sessions?.map((listed) => listed.id)).toContain(session.id);
    const listed = active.sessions?.find((candidate) => candidate.id === session.id);
    expect(listed).toMatchObject({
      status: 'active',
      streamWebView: true,
      expiresAt: session.expiresAt,
      liveViewUrl: session.liveViewUrl,
    });
    expect(Date.parse(listed?.lastActivity as string)).toBeGreaterThan(
      Date.parse(listed?.createdAt as string),
    );

    const deleted = await client.deleteBrowser(session.id as string);
    expect(deleted).toMatchObject({ success: true, status: 'destroyed', creditsBilled: 2 });
    expect(deleted.sessionDurationMs).toBeGreaterThan(0);
    expect(deleted.sessionDurationMs).toBeLessThan(60_000);
    const destroyed = await client.listBrowsers({ status: 'destroyed' });
    expect(destroyed.sessions?.find((candidate) => candidate.id === session.id)).toMatchObject({
      status: 'destroyed',
      closeReason: 'stopped',
    });
    expect((await client.listBrowsers({ status: 'active' })).sessions?.map((s) => s.id)).not.toContain(
      session.id,
    );

    // Its minute (2 credits) reaches the team's ledger.
    await until(async () => {
      const { periods } = await client.getCreditUsageHistorical();
      return periods.reduce((sum, period) => sum + period.creditsUsed, 0) === 2;
    }, 'the session charged to the team');

    // Once closed, it is gone for good.
    expect(await execute(session.id as string, { code: 'return 1' })).toMatchObject({
      status: 410,
      body: { success: false, code: 'BROWSER_SESSION_ENDED' },
    });
    expect(await call('DELETE', `/v2/browser/${session.id}`)).toMatchObject({
      status: 410,
      body: { code: 'BROWSER_SESSION_ENDED' },
    });
  });

  it("runs bash with agent-browser, the SDK's default language: refs from a snapshot, then acting on them", async () => {
    const client = sdk();
    const id = await open();
    const form = running.site.url('/form');
    const snapshot = await client.browserExecute(id, {
      code: `agent-browser open ${form} && agent-browser snapshot -i`,
    });
    expect(snapshot).toMatchObject({ success: true, exitCode: 0 });
    expect(snapshot.stdout).toContain(`${form}\n@e1 [textbox] "Your name"\n@e2 [button] "Greet me"\n`);
    const greeted = await client.browserExecute(id, {
      code: [
        'agent-browser fill @e1 "Ada Lovelace"',
        'agent-browser click @e2',
        "agent-browser wait '#greeting'",
        'echo "$(agent-browser get title): $(agent-browser get text \'#greeting\')"',
      ].join(' && '),
    });
    expect(greeted).toMatchObject({ success: true, stdout: 'Greeting form: Hello, Ada Lovelace!\n' });
    // A command it does not know, or bash's own failure, is the script's exit status.
    const unknown = await client.browserExecute(id, { code: 'agent-browser record start' });
    expect(unknown).toMatchObject({ success: false, exitCode: 2 });
    expect(unknown.stderr).toContain('record is not available');
    expect(await client.browserExecute(id, { code: 'exit 7' })).toMatchObject({
      success: false,
      exitCode: 7,
    });
    expect((await call('DELETE', `/v2/browser/${id}`)).status).toBe(200);
  });

  it("runs Python in its sandbox: Playwright's Python API on the page, no network, no host files", async () => {
    const id = await open();
    const python = (code: string, timeout = 30) => execute(id, { language: 'python', code, timeout });
    const first = await python(
      [
        'import re',
        `await page.goto(${JSON.stringify(running.site.url('/form'))})`,
        'await page.get_by_label("Your name").fill("Ada")',
        'await page.get_by_role("button", name=re.compile("greet", re.I)).click()',
        'await page.wait_for_selector("#greeting")',
        'print(await page.title(), "|", await page.locator("p").first.inner_text())',
        'print(await page.evaluate("() => document.querySelectorAll(\'input\').length"))',
      ].join('\n'),
    );
    expect(first.body).toMatchObject({
      success: true,
      stdout: 'Greeting form | Hello, Ada!\n1\n',
      exitCode: 0,
    });

    // The script sees only the system's programs: no network, no files of the host, no page context.
    const network = await python(
      `import urllib.request\nurllib.request.urlopen(${JSON.stringify(running.site.url('/form'))}, timeout=2)`,
    );
    expect(network.body).toMatchObject({ success: false, exitCode: 1 });
    expect(network.body.error).toMatch(/URLError/);
    const files = await python(`open(${JSON.stringify(`${running.trawl.dataDir}/local-api-key`)}).read()`);
    expect(files.body.error).toMatch(/FileNotFoundError/);
    const context = await python('await page.context()');
    expect(context.body.error).toContain('page.context is not available');
    expect(context.body.stderr).toContain('File "interact.py", line 1');
    expect((await python('while True: pass', 2)).body).toMatchObject({ success: false, killed: true });
    expect((await call('DELETE', `/v2/browser/${id}`)).status).toBe(200);
  });

  it('refuses what it cannot do with clear errors, and hides sessions from other teams', async () => {
    const id = await open({ ttl: 60 });
    const other = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    expect(await execute(id, { code: 'return 1' }, other)).toMatchObject({
      status: 404,
      body: { code: 'BROWSER_SESSION_NOT_FOUND' },
    });
    expect(await call('DELETE', `/v2/browser/${id}`, other)).toMatchObject({ status: 404 });
    expect((await call('GET', '/v2/browser', other)).body.sessions).toEqual([]);

    const unwatched = await post(running.trawl, '/v2/browser', { streamWebView: false });
    opened.push(unwatched.body.id);
    expect(unwatched.body).toMatchObject({ success: true, expiresAt: expect.any(String) });
    expect(unwatched.body.liveViewUrl).toBeUndefined();
    expect((await call('DELETE', `/v2/browser/${unwatched.body.id}`)).status).toBe(200);
    expect(await post(running.trawl, '/v2/browser', { ttl: 10 })).toMatchObject({ status: 400 });
    expect(await post(running.trawl, '/v2/browser', { ttl: 60, activityTtl: 90 })).toMatchObject({
      status: 400,
      body: { error: 'activityTtl must not exceed ttl' },
    });
    expect(await call('GET', '/v2/browser?status=sleeping')).toMatchObject({ status: 400 });
    expect(await execute('0193a6f0-0000-7000-8000-00000000dead', { code: 'return 1' })).toMatchObject({
      status: 404,
      body: { code: 'BROWSER_SESSION_NOT_FOUND' },
    });
    expect(await call('DELETE', '/v2/browser/not-an-id')).toMatchObject({ status: 400 });
    expect((await call('DELETE', `/v2/browser/${id}`)).status).toBe(200);
  });

  it('closes a session left idle past its activityTtl', async () => {
    const id = await open({ ttl: 60, activityTtl: 10 });
    expect((await execute(id, { code: 'return 1' })).body).toMatchObject({ success: true, result: 1 });
    const closed = await until(
      async () => {
        const { body } = await call('GET', '/v2/browser?status=destroyed');
        return body.sessions.find((session: { id: string }) => session.id === id);
      },
      'the idle session to close',
      30_000,
    );
    expect(closed).toMatchObject({ status: 'destroyed', closeReason: 'idle' });
    expect(closed.durationMs).toBeGreaterThanOrEqual(10_000);
    expect(await execute(id, { code: 'return 1' })).toMatchObject({ status: 410 });
  });

  it('starts from a profile and saves what the session changed into it on delete', async () => {
    const id = await open({ profile: { name: 'quay', saveChanges: true } });
    // One writer at a time: a scrape that would also save into the profile waits its turn.
    expect(
      await post(running.trawl, '/v2/scrape', {
        url: running.site.url('/account'),
        profile: { name: 'quay', saveChanges: true },
      }),
    ).toMatchObject({ status: 409, body: { code: 'PROFILE_LOCKED' } });
    await execute(id, { code: `await page.goto(${JSON.stringify(running.site.url('/login'))})` });
    expect((await call('DELETE', `/v2/browser/${id}`)).status).toBe(200);

    const account = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/account'),
      profile: { name: 'quay', saveChanges: false },
    });
    expect(account.body.data.markdown).toContain('Session: tide-42');
    expect(account.body.data.markdown).toContain('Station: North Point');
  });

  it('holds at most BROWSER_SESSIONS_MAX sessions per worker, refusing more rather than closing one', async () => {
    const ids = [await open(), await open(), await open(), await open()];
    expect(await post(running.trawl, '/v2/browser', {})).toMatchObject({
      status: 429,
      body: { code: 'BROWSER_SESSION_LIMIT' },
    });
    for (const id of ids)
      expect((await execute(id, { code: 'return page.url()' })).body.result).toBe('about:blank');
    for (const id of ids) expect((await call('DELETE', `/v2/browser/${id}`)).status).toBe(200);
    const after = await open();
    expect((await call('DELETE', `/v2/browser/${after}`)).status).toBe(200);
  });

  it('shows the page through its live view URL and takes clicks and typing through the interactive one, with no API key', async () => {
    const { body: session } = await post(running.trawl, '/v2/browser', {});
    opened.push(session.id);
    await execute(session.id, { code: `await page.goto(${JSON.stringify(running.site.url('/form'))})` });

    const view = await fetch(session.liveViewUrl);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toContain('text/html');
    expect(view.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(view.headers.get('x-frame-options')).toBeNull();
    expect(await view.text()).toContain('live/frame?');

    const frameUrl = (viewUrl: string) => {
      const url = new URL(viewUrl);
      url.pathname += '/frame';
      return url;
    };
    const frame = await fetch(frameUrl(session.liveViewUrl));
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toBe('image/jpeg');
    expect(decodeURIComponent(frame.headers.get('x-page-title') ?? '')).toBe('Greeting form');
    expect(Buffer.from(await frame.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // The viewer clicks the field, types, then clicks the button: coordinates in the page's pixels.
    const centre = async (selector: string) =>
      (
        await execute(session.id, {
          code: `const box = await page.locator(${JSON.stringify(selector)}).boundingBox(); return { x: box.x + box.width / 2, y: box.y + box.height / 2 }`,
        })
      ).body.result;
    const inputUrl = new URL(session.interactiveLiveViewUrl);
    inputUrl.pathname += '/input';
    const send = (body: unknown, url: URL = inputUrl) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await send({ type: 'click', ...(await centre('#name')) })).status).toBe(200);
    expect((await send({ type: 'type', text: 'Ada' })).status).toBe(200);
    expect((await send({ type: 'click', ...(await centre('#greet')) })).status).toBe(200);
    const greeting = await execute(session.id, {
      code: "await page.waitForSelector('#greeting'); return await page.locator('#greeting').textContent()",
    });
    expect(greeting.body.result).toBe('Hello, Ada!');
    expect((await send({ type: 'scroll', deltaX: 0, deltaY: 600 })).status).toBe(200);
    expect(
      (await execute(session.id, { code: 'return await page.evaluate(() => window.scrollY)' })).body.result,
    ).toBeGreaterThan(0);

    // The view-only URL's signature cannot drive the page, nor can a forged one; bad input is a 400.
    const viewOnly = new URL(session.liveViewUrl);
    const driveWithViewOnly = new URL(inputUrl);
    driveWithViewOnly.search = viewOnly.search;
    expect((await send({ type: 'type', text: 'x' }, driveWithViewOnly)).status).toBe(403);
    const forged = frameUrl(session.liveViewUrl);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await fetch(forged)).status).toBe(403);
    expect((await send({ type: 'click', x: 1 })).status).toBe(400);
    expect(await (await send({ type: 'press', key: 'NoSuchKey' })).json()).toMatchObject({
      code: 'BAD_REQUEST',
    });

    expect((await call('DELETE', `/v2/browser/${session.id}`)).status).toBe(200);
    expect((await fetch(frameUrl(session.liveViewUrl))).status).toBe(410);
  });
});
