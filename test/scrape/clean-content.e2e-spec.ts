import { post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

/** Boilerplate in markup no class list catches: plain divs and sections inside the article. */
const BLOG_POST = `<!doctype html><html><head><title>Kelp forests</title></head><body><main><article>
<div>Home › Ecology › Kelp forests</div>
<h1>Kelp forests</h1>
<p>Kelp forests grow in cold, nutrient-rich water and shelter hundreds of species, from snails to sea otters.
They can grow half a metre a day in the best conditions. Read the <a href="/survey">full survey</a>.</p>
<div>Share this: <a href="https://facebook.example/">Facebook</a> <a href="https://twitter.example/">Twitter</a> <a href="mailto:?">Email</a></div>
<h2>Where they grow</h2>
<ul><li>Pacific coast of North America</li><li>South Africa</li></ul>
<div><p>Subscribe to our weekly newsletter for more stories like this.</p></div>
<section><h2>Related articles</h2><ul><li><a href="/a">Sea otters</a></li><li><a href="/b">Urchin barrens</a></li></ul></section>
<section><h2>Comments</h2><p>Great piece! — Sam</p></section>
</article></main></body></html>`;

describe('onlyCleanContent', () => {
  beforeAll(() => {
    running.site.serve('/blog/kelp', 'text/html; charset=utf-8', Buffer.from(BLOG_POST));
  });

  it('removes boilerplate that main-content extraction leaves, and keeps the content', async () => {
    const plain = await scrape({ url: running.site.url('/blog/kelp') });
    expect(plain.body.data.markdown).toContain('Subscribe to our weekly newsletter');
    expect(plain.body.data.markdown).toContain('Home › Ecology');
    const { status, body } = await scrape({ url: running.site.url('/blog/kelp'), onlyCleanContent: true });
    expect(status).toBe(200);
    const markdown: string = body.data.markdown;
    for (const gone of [
      'Home ›',
      'Share this',
      'newsletter',
      'Related articles',
      'Sea otters',
      'Comments',
      'Great piece',
    ]) {
      expect(markdown).not.toContain(gone);
    }
    expect(markdown).toContain('# Kelp forests');
    expect(markdown).toContain('[full survey](');
    expect(markdown).toContain('## Where they grow\n\n- Pacific coast of North America\n- South Africa');
    expect(body.data.warning).toBe('onlyCleanContent by the local block classifier (no model)');
  });

  it('cleans a whole page (onlyMainContent: false) down to the article', async () => {
    const { body } = await scrape({
      url: running.site.url('/articles/tide-pools'),
      onlyMainContent: false,
      onlyCleanContent: true,
    });
    const markdown: string = body.data.markdown;
    expect(markdown).not.toContain('cookies');
    expect(markdown).not.toContain('All rights reserved');
    expect(markdown).toMatch(/^# Tide Pools of the North Coast/m);
    expect(markdown).toContain('| Ochre star');
    expect(markdown).toContain('```python');
    expect(markdown).toContain('![A tide pool at dawn](');
  });

  it('answers the query format locally, free-form or as quotes, in answer', async () => {
    const freeform = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [{ type: 'query', prompt: 'Who was the last head keeper?' }],
    });
    expect(freeform.status).toBe(200);
    expect(freeform.body.data.answer).toMatch(/Agnes Porthleven/);
    expect(freeform.body.data.warning).toContain('(local retrieval, no model)');
    const quote = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: ['markdown', { type: 'query', prompt: 'fog signal', mode: 'directQuote' }],
    });
    expect(quote.body.data.answer).toContain('fog signal');
    for (const passage of quote.body.data.answer.split('\n\n'))
      expect(quote.body.data.markdown).toContain(passage);
    const both = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [
        { type: 'query', prompt: 'keeper?' },
        { type: 'question', question: 'keeper?' },
      ],
    });
    expect(both).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });

  it('is refused for zero-data-retention requests', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/blog/kelp'),
      onlyCleanContent: true,
      zeroDataRetention: true,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('onlyCleanContent is not available for zeroDataRetention requests');
  });
});
