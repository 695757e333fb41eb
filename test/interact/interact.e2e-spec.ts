import Firecrawl from '@mendable/firecrawl-js';
import { post, waitUntilCached } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

async function scrapeForm(): Promise<string> {
  const { status, body } = await post(running.trawl, '/v2/scrape', {
    url: running.site.url('/form'),
    maxAge: 0,
  });
  expect(status).toBe(200);
  return body.data.metadata.scrapeId;
}

const interact = (scrapeId: string, body: unknown, apiKey?: string) =>
  post(running.trawl, `/v2/scrape/${scrapeId}/interact`, body, apiKey ? { apiKey } : {});

async function stop(scrapeId: string) {
  const response = await fetch(`${running.trawl.baseUrl}/v2/scrape/${scrapeId}/interact`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${running.trawl.apiKey}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('interact', () => {
  it('keeps acting on the scraped page with code and actions, then stops; a later call replays the scrape', async () => {
    const scrapeId = await scrapeForm();

    const filled = await interact(scrapeId, {
      code: [
        "await page.locator('#name').fill('Ada');",
        "await page.getByText('Greet me').click();",
        "await page.waitForSelector('#greeting');",
        "console.log('greeted');",
        "return await page.locator('#greeting').textContent();",
      ].join('\n'),
    });
    expect(filled.status).toBe(200);
    expect(filled.body).toMatchObject({
      success: true,
      stdout: 'greeted\n',
      stderr: '',
      result: 'Hello, Ada!',
      exitCode: 0,
      killed: false,
    });
    const { sessionId } = filled.body;
    expect(sessionId).toEqual(expect.any(String));

    // Same live page: the name typed by the code is still in the field.
    const again = await interact(scrapeId, {
      actions: [
        { type: 'executeJavascript', script: 'return document.querySelector("#name").value' },
        { type: 'scrape' },
      ],
    });
    expect(again.body).toMatchObject({ success: true, sessionId, exitCode: 0 });
    expect(again.body.actions.javascriptReturns).toEqual([{ type: 'string', value: 'Ada' }]);
    expect(again.body.actions.scrapes[0].html).toContain('Hello, Ada!');

    const stopped = await stop(scrapeId);
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ success: true, sessionDurationMs: expect.any(Number) });
    expect((await stop(scrapeId)).body).toMatchObject({ code: 'INTERACT_SESSION_ENDED' });
    expect((await stop(scrapeId)).status).toBe(410);

    // The page is gone: a new session replays the scrape, so the form is empty again.
    const replayed = await interact(scrapeId, { code: "return await page.locator('#name').inputValue()" });
    expect(replayed.body).toMatchObject({ success: true, result: '', exitCode: 0 });
    expect(replayed.body.sessionId).not.toBe(sessionId);
    await stop(scrapeId);
  });

  it('opens a live session on a scrape answered from the cache, by replaying its request', async () => {
    const url = running.site.url('/form?from-cache');
    expect((await post(running.trawl, '/v2/scrape', { url })).body.data.metadata.cacheState).toBe('miss');
    await waitUntilCached(running.trawl, url);
    const hit = await post(running.trawl, '/v2/scrape', { url });
    expect(hit.body.data.metadata.cacheState).toBe('hit');
    const scrapeId = hit.body.data.metadata.scrapeId;

    const filled = await interact(scrapeId, {
      code: "await page.locator('#name').fill('Lin'); await page.getByText('Greet me').click(); await page.waitForSelector('#greeting'); return await page.locator('#greeting').textContent()",
    });
    expect(filled.body).toMatchObject({ success: true, result: 'Hello, Lin!', exitCode: 0, killed: false });
    // The session stays live: the next call acts on the same page.
    const again = await interact(scrapeId, { code: "return await page.locator('#name').inputValue()" });
    expect(again.body).toMatchObject({ success: true, sessionId: filled.body.sessionId, result: 'Lin' });
    expect((await stop(scrapeId)).status).toBe(200);

    // Lockdown answers are zero data retention: nothing is stored, so there is nothing to interact with.
    const lockdown = await post(running.trawl, '/v2/scrape', { url, lockdown: true });
    expect(lockdown.body.data.metadata.cacheState).toBe('hit');
    expect(await interact(lockdown.body.data.metadata.scrapeId, { code: 'return 1' })).toMatchObject({
      status: 404,
      body: { code: 'SCRAPE_NOT_FOUND' },
    });

    // The official SDK's scrape() then interact(), whether or not the page came from the cache.
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const document = await client.scrape(url, { formats: ['markdown'] });
    expect(document.metadata?.cacheState).toBe('hit');
    const response = await client.interact(document.metadata?.scrapeId as string, {
      code: "return await page.locator('#name').inputValue()",
    });
    expect(response).toMatchObject({ success: true, result: '', exitCode: 0 });
    await client.stopInteraction(document.metadata?.scrapeId as string);
  });

  it('stops scripts that read files, spawn processes, reach the network or run too long', async () => {
    const scrapeId = await scrapeForm();
    const processOf = "const p = this.constructor.constructor('return process')();";
    const readFile = await interact(scrapeId, {
      code: `${processOf} return p.getBuiltinModule('fs').readFileSync('/etc/passwd', 'utf8');`,
    });
    expect(readFile.body).toMatchObject({ success: false, exitCode: 1, killed: false, result: null });
    expect(readFile.body.error).toMatch(/restricted/);

    const spawn = await interact(scrapeId, {
      code: `${processOf} return p.getBuiltinModule('child_process').execSync('id').toString();`,
    });
    expect(spawn.body).toMatchObject({ success: false, exitCode: 1 });
    expect(spawn.body.error).toMatch(/restricted/);

    const network = await interact(scrapeId, {
      code: `${processOf} const net = p.getBuiltinModule('net'); return await new Promise((ok, fail) => net.connect(4222, '127.0.0.1', () => ok('connected')).on('error', (e) => fail(e)));`,
    });
    expect(network.body).toMatchObject({ success: false, exitCode: 1 });
    expect(network.body.error).toMatch(/ENETUNREACH/);

    // The worker's environment (NATS address, prefix, secrets) is not passed on.
    const environment = await interact(scrapeId, { code: `${processOf} return Object.keys(p.env)` });
    expect(environment.body.result).not.toContain('NATS_PREFIX');
    expect(environment.body.result).not.toContain('DATA_DIR');

    const context = await interact(scrapeId, { code: 'return await page.context().cookies()' });
    expect(context.body.error).toBe('page.context is not available in interact code');

    const forever = await interact(scrapeId, { code: 'while (true) {}', timeout: 1 });
    expect(forever.body).toMatchObject({ success: false, killed: true });
    await stop(scrapeId);
  });

  it("gives scripts Playwright's synchronous page members and Node's timers and URL, as Playwright scripts use them", async () => {
    const scrapeId = await scrapeForm();
    const response = await interact(scrapeId, {
      code: [
        'const before = page.url();',
        "await page.evaluate(() => history.pushState({}, '', '?step=2'));",
        'await new Promise((resolve) => setTimeout(resolve, 20));',
        'return { before: new URL(before).pathname, after: new URL(page.url()).search, viewport: page.viewportSize() };',
      ].join('\n'),
    });
    expect(response.body).toMatchObject({
      success: true,
      result: {
        before: '/form',
        after: '?step=2',
        viewport: { width: expect.any(Number), height: expect.any(Number) },
      },
    });
    await stop(scrapeId);
  });

  it('works through the official Firecrawl JS SDK (interact, stopInteraction)', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const document = await client.scrape(running.site.url('/form'), { formats: ['markdown'], maxAge: 0 });
    const scrapeId = document.metadata?.scrapeId as string;
    const response = await client.interact(scrapeId, {
      code: "await page.locator('#name').fill('Grace'); return await page.locator('#name').inputValue()",
    });
    expect(response).toMatchObject({ success: true, result: 'Grace', exitCode: 0, killed: false });
    const stopped = await client.stopInteraction(scrapeId);
    expect(stopped).toMatchObject({ success: true, sessionDurationMs: expect.any(Number) });
  });

  it('carries out direct prompts without a model, and names the part of a prompt it cannot read', async () => {
    const scrapeId = await scrapeForm();
    const done = await interact(scrapeId, {
      prompt:
        'type "Ada" into the Your name field, click the \'Greet me\' button, then wait for Hello to appear and extract the text of Hello',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      exitCode: 0,
      output: 'Hello, Ada!',
      result: 'Hello, Ada!',
    });
    expect(done.body.stdout).toBe(
      'typed "Ada" into "Your name"\nclicked "Greet me"\nsaw "Hello"\nextracted the text of "Hello"\n',
    );
    const unreadable = await interact(scrapeId, {
      prompt: 'click Greet me, then find me the cheapest flight',
    });
    expect(unreadable.status).toBe(200);
    expect(unreadable.body).toMatchObject({ success: false, exitCode: 1, result: null });
    expect(unreadable.body.error).toContain('this part is not: "find me the cheapest flight"');
  });

  it('acts on an element named by its kind alone, and names the candidates when the kind is not enough', async () => {
    const scrapeId = await scrapeForm();
    const done = await interact(scrapeId, {
      prompt:
        'type "Ada" into the field, click the button, then wait for Hello and extract the text of Hello',
    });
    expect(done.body).toMatchObject({ success: true, exitCode: 0, result: 'Hello, Ada!' });
    expect(done.body.stdout).toBe(
      'typed "Ada" into the field "Your name"\nclicked the button "Greet me"\nsaw "Hello"\nextracted the text of "Hello"\n',
    );
    await stop(scrapeId);

    const { body } = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/lighthouse'),
    });
    const lighthouse = body.data.metadata.scrapeId;
    expect(await interact(lighthouse, { prompt: 'extract the text of the second link' })).toMatchObject({
      body: { success: true, result: 'History', stdout: 'extracted the text of the link "History"\n' },
    });
    expect((await interact(lighthouse, { prompt: 'click the link' })).body).toMatchObject({
      success: false,
      error:
        'step 1 (click) failed: "the link" could be any of 2 links ("Home", "History"); name the one meant',
    });
    expect((await interact(lighthouse, { prompt: 'click the button' })).body).toMatchObject({
      success: false,
      error: 'step 1 (click) failed: no button is on the page',
    });
    // A question is answered from the page as the steps left it, as the question format answers it.
    const asked = await interact(lighthouse, { prompt: 'scroll down, then when was the lighthouse built?' });
    expect(asked.body).toMatchObject({ success: true, exitCode: 0 });
    expect(asked.body.result).toMatch(/^The lighthouse at Cape Wren was built in 1871/);
    expect(asked.body.stdout).toBe(
      'scrolled down\nanswered "when was the lighthouse built?" from the page\n',
    );
    await stop(lighthouse);
  });

  it("runs Python (in Playwright's Python spelling) and bash (agent-browser) on the live page through the same relay", async () => {
    const scrapeId = await scrapeForm();
    const { status, body } = await interact(scrapeId, {
      language: 'python',
      code: [
        'await page.get_by_label("Your name").fill("Grace")',
        'await page.get_by_role("button", name="Greet me").click()',
        'await page.wait_for_selector("#greeting")',
        'print(await page.locator("#greeting").text_content(), page.url.endswith("/form"))',
      ].join('\n'),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, stdout: 'Hello, Grace! True\n', exitCode: 0 });
    // A call printed without await says so, where Playwright's async API would print a coroutine.
    expect(await interact(scrapeId, { language: 'python', code: 'print(page.title())' })).toMatchObject({
      body: { stdout: '<page.title() not awaited: write await page.title()>\n' },
    });
    // And bash, with agent-browser on the same page.
    expect(
      await interact(scrapeId, { code: 'agent-browser get text "#greeting"', language: 'bash' }),
    ).toMatchObject({
      status: 200,
      body: { success: true, stdout: 'Hello, Grace!\n' },
    });
  });

  it('answers clear errors: bad id, unknown scrape, another team', async () => {
    expect((await interact('not-a-uuid', { code: 'return 1' })).status).toBe(400);
    const unknown = await interact('0193a4f0-0000-7000-8000-000000000000', { code: 'return 1' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'SCRAPE_NOT_FOUND' } });

    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const scrapeId = await scrapeForm();
    expect(await interact(scrapeId, { code: 'return 1' }, otherTeam)).toMatchObject({
      status: 404,
      body: { code: 'SCRAPE_NOT_FOUND' },
    });
    expect((await interact(scrapeId, {})).status).toBe(400);
    expect((await interact(scrapeId, { code: 'return 1', timeout: 301 })).status).toBe(400);
    // The scrape's own page is its session until stopped; then there is nothing left to stop.
    expect((await stop(scrapeId)).status).toBe(200);
    expect(await stop(scrapeId)).toMatchObject({ status: 404, body: { code: 'INTERACT_SESSION_NOT_FOUND' } });
  });
});
