import Firecrawl from '@mendable/firecrawl-js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

describe('the official Firecrawl JS SDK against Trawl', () => {
  it('scrapes with every format Trawl builds today', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const document = await client.scrape(running.site.url('/articles/tide-pools'), {
      formats: ['markdown', 'html', 'rawHtml', 'links', 'images'],
    });
    expect(document.markdown).toContain('# Tide Pools of the North Coast');
    expect(document.html).toContain('<h1>Tide Pools of the North Coast</h1>');
    expect(document.rawHtml).toMatch(/^<!doctype html>/i);
    expect(document.links).toContain(`${running.site.origin}/articles/survey`);
    // The image and the WebP source of its <picture>, each at its largest size.
    expect(document.images).toEqual(
      expect.arrayContaining([
        `${running.site.origin}/img/pool-large.webp`,
        `${running.site.origin}/img/pool-large.jpg`,
      ]),
    );
    expect(document.metadata?.statusCode).toBe(200);
    expect(document.metadata?.sourceURL).toBe(running.site.url('/articles/tide-pools'));
  });

  it('reads attributes from the rendered page, looking names up as data-* too', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const document = await client.scrape(running.site.url('/js-rendered'), {
      formats: [
        {
          type: 'attributes',
          selectors: [
            { selector: '#app li', attribute: 'sku' },
            { selector: 'html', attribute: 'lang' },
          ],
        },
      ],
      onlyMainContent: false,
    });
    // The items exist only after the page's script has fetched and rendered them.
    expect(document.attributes).toEqual([
      { selector: '#app li', attribute: 'sku', values: ['KC-1', 'LP-2'] },
      { selector: 'html', attribute: 'lang', values: ['en'] },
    ]);
    expect(document.markdown).toBeUndefined();
    await expect(
      client.scrape(running.site.url('/js-rendered'), {
        formats: [{ type: 'attributes', selectors: [{ selector: 'li[', attribute: 'sku' }] }],
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('surfaces Trawl errors as SDK errors with the status and message', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    await expect(client.scrape(running.site.url('/slow?ms=20000'), { timeout: 2_000 })).rejects.toMatchObject(
      {
        status: 408,
      },
    );
    const anonymous = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: 'fc-unknown' });
    await expect(anonymous.scrape(running.site.url('/articles/tide-pools'))).rejects.toMatchObject({
      status: 401,
    });
  });
});
