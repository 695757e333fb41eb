import { post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

describe('POST /v2/scrape', () => {
  it('returns the main content of an article as markdown, without navigation, footer or cookie banner', async () => {
    const { status, body } = await scrape({ url: running.site.url('/articles/tide-pools') });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const { markdown, html, links, metadata } = body.data;
    expect(html).toBeUndefined();
    expect(links).toBeUndefined();
    expect(markdown).toMatch(/^# Tide Pools of the North Coast/m);
    expect(markdown).toContain('| Species | Zone |');
    // A list in a cell: its items stay lines of the cell.
    expect(markdown).toContain('| Purple urchin | - Low<br>- Subtidal |');
    expect(markdown).toContain('```python\ndef tide(hour):');
    expect(markdown).toMatch(/- Anemones\n\s+- Giant green anemone/);
    expect(markdown).toContain(`[survey of 2025](${running.site.origin}/articles/survey)`);
    expect(markdown).toContain(`![A tide pool at dawn](${running.site.origin}/img/pool-large.jpg)`);
    expect(markdown).toContain('> Look, but do not lift the rocks.');
    expect(markdown).not.toContain('About us');
    expect(markdown).not.toContain('Accept all cookies');
    expect(markdown).not.toContain('All rights reserved');
    expect(markdown).not.toContain('Sand dunes');
    expect(markdown).not.toContain('base64');
    expect(metadata).toMatchObject({
      title: 'Tide Pools of the North Coast',
      description: 'A field guide to the tide pools of the north coast.',
      language: 'en',
      keywords: 'tide pools, coast, marine life',
      robots: 'index, follow',
      ogTitle: 'Tide Pools (OG)',
      ogLocaleAlternate: ['de_DE', 'fr_FR'],
      favicon: `${running.site.origin}/favicon.png`,
      'twitter:card': 'summary_large_image',
      sourceURL: running.site.url('/articles/tide-pools'),
      url: running.site.url('/articles/tide-pools'),
      statusCode: 200,
      proxyUsed: 'basic',
      creditsUsed: 1,
    });
    expect(metadata.contentType).toMatch(/^text\/html/);
    expect(metadata.scrapeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the whole page with onlyMainContent false, and html, rawHtml and links on request', async () => {
    const { body } = await scrape({
      url: running.site.url('/articles/tide-pools'),
      onlyMainContent: false,
      formats: ['markdown', 'html', 'rawHtml', 'links'],
    });
    const { markdown, html, rawHtml, links } = body.data;
    expect(markdown).toContain('About us');
    expect(markdown).toContain('All rights reserved');
    expect(html).not.toContain('<script');
    expect(html).toContain(`href="${running.site.origin}/articles/survey"`);
    expect(rawHtml).toContain('window.analytics = true');
    expect(links).toEqual(
      expect.arrayContaining([
        `${running.site.origin}/`,
        `${running.site.origin}/about`,
        `${running.site.origin}/articles/survey`,
        'https://example.org/ocean',
        'mailto:guide@example.org',
      ]),
    );
    // A link into the page is written absolute against the page's <base href="/articles/">, as a
    // browser follows it and Firecrawl writes it, and is no link of the links format.
    expect(markdown).toContain(`[Back to top](${running.site.url('/articles/')}#top)`);
    expect(links.some((link: string) => link.includes('#top'))).toBe(false);
    expect(new Set(links).size).toBe(links.length);
  });

  it('honours includeTags and excludeTags together', async () => {
    const { body } = await scrape({
      url: running.site.url('/articles/tide-pools'),
      includeTags: ['article'],
      excludeTags: ['table', 'blockquote'],
    });
    expect(body.data.markdown).toContain('Tide pools form');
    expect(body.data.markdown).not.toContain('Species');
    expect(body.data.markdown).not.toContain('do not lift');
  });

  it('keeps base64 images when removeBase64Images is false', async () => {
    const kept = await scrape({ url: running.site.url('/articles/tide-pools'), removeBase64Images: false });
    expect(kept.body.data.markdown).toContain('data:image/png;base64,');
    const removed = await scrape({ url: running.site.url('/articles/tide-pools') });
    expect(removed.body.data.markdown).toContain('<Base64-Image-Removed>');
  });

  it("keeps the page after a tag manager's self-closing iframe in <noscript>", async () => {
    const { body } = await scrape({ url: running.site.url('/articles/harbour-seals') });
    expect(body.data.markdown).toMatch(/^# Harbour seals\n\nHarbour seals haul out/);
    expect(body.data.markdown).toContain('watch them from the dunes with binoculars.');
    expect(body.data.markdown).not.toContain('Lighthouse');
  });

  it('waits for JavaScript-rendered content', async () => {
    const { body } = await scrape({ url: running.site.url('/js-rendered') });
    expect(body.data.markdown).toContain('Kelp crab');
    expect(body.data.metadata.title).toBe('Rendered catalogue');
  });

  it('reads what web components render in their shadow roots, with the children their slots take', async () => {
    const { body } = await scrape({
      url: running.site.url('/web-components'),
      formats: ['markdown', 'rawHtml'],
    });
    expect(body.data.markdown).toBe(
      [
        '# Harbour notices',
        'Notices from the harbour master, posted as they are issued.',
        '## North quay closed',
        'Issued on 3 March by the harbour master.',
        '_Expected to reopen on Friday._',
        '## Dredging in the channel',
        'Issued on 5 March by the harbour master.',
        'No date has been set yet.',
      ].join('\n\n'),
    );
    // rawHtml holds the shadow roots as the standard declarative form a browser parses back.
    expect(body.data.rawHtml).toContain(
      '<harbour-notice issued="3 March"><template shadowrootmode="open"><article>',
    );
  });

  it('writes the formulas a page renders with KaTeX as TeX, displayed ones on lines of their own', async () => {
    const { body } = await scrape({ url: running.site.url('/formulas') });
    expect(body.data.markdown).toBe(
      [
        '# Tide formulas',
        'The height of the tide at a time $t$ after high water follows a cosine curve between high and low water.',
        '$$\nh(t) = A \\cos\\left(\\frac{2\\pi t}{T}\\right)\n$$',
        'Here $A$ is half the range and $T$ the period, about twelve hours and twenty-five minutes. A printed tide table costs $5 at the harbour office.',
      ].join('\n\n'),
    );
  });

  it('scrolls through the page so that sections loaded as a reader scrolls to them are read', async () => {
    const { body } = await scrape({ url: running.site.url('/lazy-sections') });
    expect(body.data.markdown).toContain(
      '## The great storm\n\nIn 1953 a storm destroyed the north quay, which was rebuilt within two years.',
    );
    // Fetched only when scrolled to: the scrape waits for it.
    expect(body.data.markdown).toContain(
      '## The new marina\n\nThe marina opened in 1998 with berths for four hundred boats.',
    );
    expect(body.data.markdown).not.toContain('Loading');
  });

  it('scrolls an app shell that scrolls its own container instead of the document', async () => {
    const { body } = await scrape({ url: running.site.url('/lazy-app-shell') });
    expect(body.data.markdown).toContain(
      '## Latest entry\n\nThe ferry berthed at the east quay at 06:40 in thick fog.',
    );
  });

  it('follows redirects: sourceURL as requested, url final', async () => {
    const { body } = await scrape({ url: running.site.url('/redirect/start') });
    expect(body.data.metadata.sourceURL).toBe(running.site.url('/redirect/start'));
    expect(body.data.metadata.url).toBe(running.site.url('/articles/tide-pools'));
    expect(body.data.markdown).toContain('Tide pools form');
  });

  it('reports the status of error pages as a successful scrape', async () => {
    const { status, body } = await scrape({ url: running.site.url('/missing') });
    expect(status).toBe(200);
    expect(body.data.metadata.statusCode).toBe(404);
    expect(body.data.metadata.error).toBe('Not Found');
    expect(body.data.markdown).toContain('drifted out to sea');
  });

  it('decodes windows-1252 pages', async () => {
    const { body } = await scrape({ url: running.site.url('/cp1252') });
    expect(body.data.markdown).toContain('# Café – crème brûlée');
    expect(body.data.markdown).toContain('« simple » et sûre');
  });

  it('reads a page that declares no charset as UTF-8 when its bytes are, as windows-1252 when not', async () => {
    const page = (text: string) =>
      `<html><head><title>Kayak</title></head><body><h1>${text}</h1></body></html>`;
    running.site.serve('/undeclared-utf8', 'text/html', Buffer.from(page('Sea kayak: €899, café')));
    running.site.serve('/undeclared-latin', 'text/html', Buffer.from(page('Crème brûlée'), 'latin1'));
    const utf8 = await scrape({
      url: running.site.url('/undeclared-utf8'),
      formats: ['markdown', 'rawHtml'],
    });
    expect(utf8.body.data.markdown).toBe('# Sea kayak: €899, café');
    expect(utf8.body.data.rawHtml).toContain('€899');
    const latin = await scrape({ url: running.site.url('/undeclared-latin') });
    expect(latin.body.data.markdown).toBe('# Crème brûlée');
    // The page was read again from the bytes already received: the site answered once.
    expect(running.site.requests.filter((request) => request.path === '/undeclared-utf8')).toHaveLength(1);
  });

  it('returns JSON responses as a fenced json block and text as text', async () => {
    const json = await scrape({ url: running.site.url('/data.json') });
    expect(json.body.data.markdown).toBe(
      '```json\n{\n  "station": "North Point",\n  "readings": [\n    1.2,\n    1.5\n  ]\n}\n```',
    );
    const text = await scrape({ url: running.site.url('/notes.txt') });
    expect(text.body.data.markdown).toBe('Low tide at 06:12.\nHigh tide at 12:30.');
  });

  it('sends custom headers, emulates mobile devices and locations', async () => {
    const headers = await scrape({
      url: running.site.url('/echo-headers'),
      headers: { 'X-Trawl-Test': 'kelp' },
    });
    expect(headers.body.data.markdown).toContain('"x-trawl-test":"kelp"');

    const mobile = await scrape({ url: running.site.url('/probe'), mobile: true });
    expect(mobile.body.data.markdown).toMatch(/ua=[^|]*Mobile/);
    const desktop = await scrape({ url: running.site.url('/probe') });
    expect(desktop.body.data.markdown).not.toMatch(/ua=[^|]*(Mobile|HeadlessChrome)/);

    const located = await scrape({
      url: running.site.url('/probe'),
      location: { country: 'DE', languages: ['de-DE'] },
    });
    expect(located.body.data.markdown).toContain('language=de-DE');
    expect(located.body.data.markdown).toContain('timezone=Europe/Berlin');
  });

  it('times out slow pages with 408 SCRAPE_TIMEOUT', async () => {
    const { status, body } = await scrape({ url: running.site.url('/slow?ms=20000'), timeout: 3_000 });
    expect(status).toBe(408);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_TIMEOUT' });
  });

  it('waits waitFor milliseconds before capturing the page', async () => {
    const { body } = await scrape({ url: running.site.url('/changing'), waitFor: 500 });
    expect(body.data.markdown).toMatch(/Version \d+/);
  });

  it('answers DNS failures with 200 success:false, as Firecrawl does', async () => {
    const { status, body } = await scrape({ url: 'http://no-such-host.invalid/' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_DNS_RESOLUTION_ERROR' });
  });

  it('answers a broken PDF with a clear SCRAPE_PDF error', async () => {
    const { status, body } = await scrape({ url: running.site.url('/doc.pdf') });
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_PDF_INVALID' });
  });
});

describe('requests the API refuses', () => {
  it('401 without a key or with an unknown key', async () => {
    const none = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools') },
      { apiKey: null },
    );
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const wrong = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/x') },
      { apiKey: 'fc-not-a-key' },
    );
    expect(wrong.status).toBe(401);
  });

  it('400 BAD_REQUEST naming the rule, and nothing is fetched', async () => {
    const before = running.site.requests.length;
    const { status, body } = await scrape({ url: running.site.url('/articles/tide-pools'), waitFor: 20_000 });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
      error: 'waitFor must not exceed half of timeout',
      details: [{ path: ['waitFor'], message: 'waitFor must not exceed half of timeout' }],
    });
    expect(running.site.requests.length).toBe(before);
  });

  it('400 BAD_REQUEST_INVALID_JSON for a malformed body', async () => {
    const { status, body } = await post(running.trawl, '/v2/scrape', undefined, { rawBody: '{"url": ' });
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST_INVALID_JSON');
  });

  it('names options that are valid but not available here instead of ignoring them', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/articles/tide-pools'),
      proxy: 'enhanced',
    });
    expect(status).toBe(501);
    expect(body).toMatchObject({ success: false, code: 'FEATURE_NOT_AVAILABLE' });
    // This Trawl has no enhanced proxy pool: the answer says what the operator would set.
    expect(body.error).toContain(
      'proxy.enhanced (needs an enhanced proxy pool: the operator sets PROXY_ENHANCED)',
    );
  });
});
