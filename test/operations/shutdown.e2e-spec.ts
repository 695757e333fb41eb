import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { call, finishedCheck } from '../support/monitor-client.js';
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

  it("hands a monitor check back when core stops while its pages wait for their team's slot", async () => {
    const site = await startFixtureSite();
    const apps = ['core', 'projector', 'extractor', 'browser-worker', 'api'];
    const trawl = await startTrawl({ apps, env: { CONCURRENCY_PER_TEAM: '1' } });
    try {
      const urls = [1, 2, 3].map((page) => site.url(`/slow?ms=2000&handed-back=${page}`));
      const created = await call(trawl, 'POST', '/v2/monitor', {
        name: 'Handed back',
        schedule: { cron: '0 9 * * *' },
        targets: [{ type: 'scrape', urls }],
      });
      const run = await call(trawl, 'POST', `/v2/monitor/${created.body.data.id}/run`);
      await until(
        async () => site.requests.some((request) => request.path.includes('handed-back=')),
        'the first page',
      );
      const core = trawl.processOf('core');
      const exited = new Promise((resolve) => core?.once('exit', resolve));
      core?.kill('SIGTERM');
      await exited;
      await trawl.startApp('core');

      const check = await finishedCheck(trawl, created.body.data.id, run.body.id);
      expect(check.data).toMatchObject({ status: 'completed', summary: { totalPages: 3, new: 3, error: 0 } });
      expect(check.data.error).toBeNull();
      // The browser-worker could not record its page while core was down (it retries): core's own
      // errors are the ones that matter here.
      const coreErrors = trawl
        .logs()
        .split('\n')
        .filter((line) => line.includes('"level":50') && line.includes('"app":"core"'));
      expect(coreErrors).toEqual([]);
    } finally {
      await trawl.stop();
      await site.close();
    }
  });
});
