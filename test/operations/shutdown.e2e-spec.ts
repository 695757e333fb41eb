import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { post } from '../support/scrape-client.js';
import { startTrawl } from '../support/trawl-process.js';
import { until } from '../support/until.js';

describe('stopping Trawl', () => {
  it('shuts every app down on SIGTERM without an error, after work that used every pool', async () => {
    const site = await startFixtureSite();
    const trawl = await startTrawl();
    try {
      const scraped = await post(trawl, '/v2/scrape', { url: site.url('/articles/tide-pools'), maxAge: 0 });
      expect(scraped.status).toBe(200);
    } finally {
      await trawl.stop();
      await site.close();
    }
    const errors = trawl
      .logs()
      .split('\n')
      .filter((line) => line.includes('"level":50'));
    expect(errors).toEqual([]);
  });

  it('lets a browser-worker stopped mid-page finish the page before it closes Chromium', async () => {
    const site = await startFixtureSite();
    const trawl = await startTrawl({ apps: ['core', 'projector', 'extractor', 'browser-worker', 'api'] });
    try {
      const scrape = post(trawl, '/v2/scrape', {
        url: site.url('/slow?ms=3000&stopping=1'),
        timeout: 30_000,
      });
      await until(
        async () => site.requests.some((request) => request.path.includes('stopping=1')),
        'the page',
      );
      const worker = trawl.processOf('browser-worker');
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker?.kill('SIGTERM');
      const answer = await scrape;
      expect(answer.status).toBe(200);
      expect(answer.body.data.markdown).toContain('Finally');
      await exited;
    } finally {
      await trawl.stop();
      await site.close();
    }
  });
});
