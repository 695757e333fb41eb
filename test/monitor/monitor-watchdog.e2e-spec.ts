import { call } from '../support/monitor-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// No browser-worker runs: no page of a check ever reports. Two core instances watch the checks.
const running = trawlWithSite({
  apps: ['api', 'core', 'projector', 'extractor'],
  waitForHealthy: false,
  env: { MONITOR_CHECK_DEADLINE_MS: '3000', MONITOR_SCHEDULER_TICK_MS: '500' },
});

describe('stuck-check watchdog', () => {
  it('completes a check whose pages never report once, with the missing pages as errors', async () => {
    const { trawl, site } = running;
    trawl.spawnApp('core');
    const urls = [site.url('/articles/tide-pools'), site.url('/articles/lighthouse')];
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Nobody home',
      schedule: { text: 'weekly' },
      // The scrapes would wait a minute for a worker: the watchdog's bound comes first.
      targets: [{ type: 'scrape', urls, scrapeOptions: { timeout: 60_000 } }],
    });
    const monitorId = created.body.data.id;
    const run = await call(trawl, 'POST', `/v2/monitor/${monitorId}/run`, {});
    expect(run.status).toBe(200);
    const check = await until(async () => {
      const { body } = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks/${run.body.id}`);
      return body.data && body.data.status !== 'running' ? body.data : undefined;
    }, 'the watchdog');
    expect(check).toMatchObject({
      status: 'failed',
      summary: { totalPages: 2, error: 2 },
      error: expect.stringContaining('Completed by the watchdog'),
    });
    expect(check.pages.map((page: { url: string }) => page.url).sort()).toEqual([...urls].sort());
    for (const page of check.pages) expect(page.error).toContain('The page never reported');
    // Both cores saw it stuck; the monitor records it once, and is free to run again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const again = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks/${run.body.id}`);
    expect(again.body.data.summary).toEqual(check.summary);
    expect(again.body.data.pages).toHaveLength(2);
    const { body: monitor } = await call(trawl, 'GET', `/v2/monitor/${monitorId}`);
    expect(monitor.data).toMatchObject({
      currentCheckId: null,
      lastCheckSummary: { totalPages: 2, error: 2 },
    });
  });
});
