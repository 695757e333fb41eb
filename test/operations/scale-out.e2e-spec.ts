import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

// Its own Trawl, with two pages at a time per browser-worker, so that a second worker has to take some.
const running = trawlWithSite({ env: { BROWSER_CONCURRENCY: '2' } });

describe('scaling out', () => {
  it('fetches on every browser-worker: two workers of two pages render four pages side by side', async () => {
    const { trawl, site } = running;
    await trawl.startApp('browser-worker');
    // Each page answers only once all four are being fetched at once (or "alone" after 20 s).
    const scrapes = await Promise.all(
      [1, 2, 3, 4].map((page) =>
        post(trawl, '/v2/scrape', {
          url: site.url(`/barrier?group=four&size=4&ms=20000&page=${page}`),
          formats: ['markdown'],
          maxAge: 0,
          timeout: 60_000,
        }),
      ),
    );
    expect(scrapes.map((scrape) => scrape.body.data?.markdown)).toEqual(Array(4).fill('# met'));
  });
});
