import { post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);

/** A staff page full of invented personal data and one leaked key. */
const STAFF_PAGE = `<!doctype html><html><head><title>Harbour office</title></head><body><main>
<h1>Harbour office</h1>
<p>Our harbour master Dr. Jane Smith answers at <a href="mailto:jane.smith@harbour.example">jane.smith@harbour.example</a>
or on +44 20 7946 0958.</p>
<p>Invoices: pay to IBAN DE89 3704 0044 0532 0130 00. Visit us at 221B Baker Street.</p>
<pre><code>STRIPE_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc</code></pre>
</main></body></html>`;

const ORIGINALS = [
  'Jane Smith',
  'jane.smith@harbour.example',
  '7946 0958',
  'DE89 3704',
  '221B Baker Street',
  'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
];

describe('redactPII', () => {
  beforeAll(() => {
    running.site.serve('/staff', 'text/html; charset=utf-8', Buffer.from(STAFF_PAGE));
  });

  it('redacts every entity with tags by default, also in a cached copy scraped without redaction', async () => {
    const plain = await scrape({ url: running.site.url('/staff') });
    expect(plain.body.data.markdown).toContain('jane.smith@harbour.example');

    const { status, body } = await scrape({ url: running.site.url('/staff'), redactPII: true });
    expect(status).toBe(200);
    expect(body.data.metadata.cacheState).toBe('hit');
    const markdown: string = body.data.markdown;
    for (const original of ORIGINALS) expect(markdown).not.toContain(original);
    expect(markdown).toContain('harbour master <PERSON>');
    expect(markdown).toContain('<EMAIL>');
    expect(markdown).toContain('<PHONE>');
    expect(markdown).toContain('IBAN <FINANCIAL>');
    expect(markdown).toContain('<LOCATION>');
    expect(markdown).toContain('STRIPE_KEY=<SECRET>');
  });

  it('masks only the entities asked for', async () => {
    const { body } = await scrape({
      url: running.site.url('/staff'),
      redactPII: { entities: ['EMAIL', 'PHONE'], mode: 'fast', replaceStyle: 'mask' },
    });
    const markdown: string = body.data.markdown;
    expect(markdown).not.toContain('jane.smith@harbour.example');
    expect(markdown).toContain('**************************');
    expect(markdown).not.toContain('+44 20 7946 0958');
    expect(markdown).toContain('Jane Smith');
  });

  it('compares redacted markdown in change tracking, so the diff holds no original', async () => {
    const first = await scrape({
      url: running.site.url('/staff'),
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'], tag: 'redacted' }],
      redactPII: true,
    });
    expect(first.body.data.changeTracking.changeStatus).toBe('new');
    running.site.serve(
      '/staff',
      'text/html; charset=utf-8',
      Buffer.from(STAFF_PAGE.replace('+44 20 7946 0958', '+44 20 7946 0123')),
    );
    const second = await scrape({
      url: running.site.url('/staff'),
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'], tag: 'redacted' }],
      redactPII: true,
    });
    expect(second.body.data.changeTracking.changeStatus).toBe('same');
    expect(JSON.stringify(second.body.data)).not.toContain('7946');
  });

  it('refuses an unknown replaceStyle', async () => {
    const { status, body } = await scrape({
      url: running.site.url('/staff'),
      redactPII: { replaceStyle: 'hash' },
    });
    expect(status).toBe(400);
    expect(body.error).toBe('replaceStyle must be one of tag, mask, remove');
  });
});
