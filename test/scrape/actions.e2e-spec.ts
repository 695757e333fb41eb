import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { download, post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('page actions and files', () => {
  it('fills a form, waits for the result and returns snapshots, script values, screenshots and PDFs', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/form'),
      formats: ['markdown', { type: 'screenshot', viewport: { width: 800, height: 600 } }],
      actions: [
        { type: 'click', selector: '#name' },
        { type: 'write', text: 'Ada' },
        { type: 'click', selector: '#greet' },
        { type: 'wait', selector: '#greeting' },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'return document.querySelector("#greeting").textContent' },
        { type: 'screenshot', fullPage: true },
        { type: 'pdf', format: 'A4' },
      ],
    });
    expect(status).toBe(200);
    const { markdown, actions, screenshot } = body.data;
    expect(markdown).toContain('Hello, Ada!');
    expect(actions.scrapes).toHaveLength(1);
    expect(actions.scrapes[0].html).toContain('<p id="greeting">Hello, Ada!</p>');
    expect(actions.javascriptReturns).toEqual([{ type: 'string', value: 'Hello, Ada!' }]);

    const shot = await download(screenshot);
    expect(shot).toMatchObject({ status: 200, type: 'image/png' });
    expect(pngSize(shot.bytes)).toEqual({ width: 800, height: 600 });
    const fullPage = await download(actions.screenshots[0]);
    expect(pngSize(fullPage.bytes).height).toBeGreaterThan(3_000);
    const pdf = await download(actions.pdfs[0]);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses tampered and expired file URLs', async () => {
    const { body } = await scrape({ url: running.site.url('/form'), formats: ['screenshot'] });
    const url = new URL(body.data.screenshot);
    expect(url.pathname).toMatch(/^\/v2\/files\/[\w-]+\/screenshot\.png$/);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1_000));
    expect((await download(tampered.href)).status).toBe(403);

    // Signed with the server's own key, but already expired.
    const secret = Buffer.from(
      readFileSync(join(running.trawl.dataDir, 'files-signing-secret'), 'utf8'),
      'base64url',
    );
    const key = url.pathname.replace('/v2/files/', '');
    const expires = Date.now() - 1;
    const signature = createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
    const expired = await fetch(`${url.origin}${url.pathname}?expires=${expires}&signature=${signature}`);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: 'FILE_URL_EXPIRED' });
  });

  it('fails the scrape with SCRAPE_ACTION_ERROR naming the action that failed', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/form'),
      actions: [
        { type: 'wait', milliseconds: 10 },
        { type: 'click', selector: '#does-not-exist' },
      ],
    });
    expect(status).toBe(500);
    expect(body.code).toBe('SCRAPE_ACTION_ERROR');
    expect(body.error).toBe(
      'Action 1 (click) failed: no element matches the selector #does-not-exist (waited 5 s)',
    );
    const hidden = await scrape({
      url: running.site.url('/form'),
      actions: [{ type: 'click', selector: '#later' }],
    });
    expect(hidden.body.error).toBe(
      'Action 0 (click) failed: the selector #later matches an element, but none became visible and usable within 5 s',
    );
  });
});
