import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { post } from '../support/scrape-client.js';
import { startTrawl } from '../support/trawl-process.js';

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
});
