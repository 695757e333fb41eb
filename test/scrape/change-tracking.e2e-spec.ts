import { post } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

const track = (url: string, options: { tag?: string; apiKey?: string } = {}) =>
  post(
    running.trawl,
    '/v2/scrape',
    {
      url,
      maxAge: 0,
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'], tag: options.tag }],
    },
    { apiKey: options.apiKey },
  );

/** The change history is a projection: scrape until the previous scrape has become the baseline. */
async function trackUntilBaseline(url: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await track(url);
    if (response.body.data.changeTracking.previousScrapeAt !== null) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no baseline for ${url}`);
}

describe('changeTracking', () => {
  it('reports a new page, then the diff against the previous scrape', async () => {
    const url = running.site.url('/changing');
    const first = await track(url);
    expect(first.body.data.changeTracking).toEqual({
      previousScrapeAt: null,
      changeStatus: 'new',
      visibility: 'visible',
    });

    const later = await trackUntilBaseline(url);
    const tracking = later.body.data.changeTracking;
    expect(tracking.changeStatus).toBe('changed');
    expect(Date.parse(tracking.previousScrapeAt)).toBeLessThan(Date.now());
    const current = /Version (\d+)/.exec(later.body.data.markdown)?.[1];
    expect(tracking.diff.text).toContain(`+Version ${current}`);
    expect(tracking.diff.text).toMatch(/^-Version \d+$/m);
    const changes = tracking.diff.json.files[0].chunks[0].changes.map(
      (change: { content: string }) => change.content,
    );
    expect(changes).toContain(`+Version ${current}`);
  });

  it('says same for an unchanged page, and keeps tags and teams apart', async () => {
    const url = running.site.url('/articles/tide-pools');
    await track(url);
    expect((await trackUntilBaseline(url)).body.data.changeTracking).toMatchObject({ changeStatus: 'same' });
    expect((await track(url, { tag: 'weekly' })).body.data.changeTracking.changeStatus).toBe('new');
    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    expect((await track(url, { apiKey: otherTeam })).body.data.changeTracking.changeStatus).toBe('new');
  });

  it('says removed when the page now answers 404', async () => {
    const url = running.site.url('/vanishing');
    await track(url);
    const gone = await trackUntilBaseline(url);
    expect(gone.body.data.metadata.statusCode).toBe(404);
    expect(gone.body.data.changeTracking.changeStatus).toBe('removed');
  });
});
