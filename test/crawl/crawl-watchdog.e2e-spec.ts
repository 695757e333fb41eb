import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// No browser-worker: every page's scrape job is taken by nobody, as when a worker is lost.
const running = trawlWithSite({
  apps: ['api', 'core', 'extractor', 'projector'],
  waitForHealthy: false,
  env: { CRAWL_PAGE_STALL_GRACE_MS: '1000', CRAWL_WATCHDOG_INTERVAL_MS: '500' },
});

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${running.trawl.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${running.trawl.apiKey}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

describe('crawl watchdog', () => {
  it('times out pages whose scrape never completes, so the batch ends with their errors', async () => {
    const started = await api('POST', '/v2/batch/scrape', {
      urls: [running.site.url('/articles/tide-pools'), running.site.url('/crawl/about')],
      timeout: 2_000,
    });
    expect(started.status).toBe(200);
    const status = await until(async () => {
      const current = await api('GET', `/v2/batch/scrape/${started.body.id}`);
      return current.body.status !== 'scraping' && current;
    }, 'the batch to end');
    expect(status.body).toMatchObject({ status: 'failed', total: 2, data: [] });
    const errors = await api('GET', `/v2/batch/scrape/${started.body.id}/errors`);
    expect(errors.body.errors.map((error: { code: string }) => error.code)).toEqual([
      'SCRAPE_TIMEOUT',
      'SCRAPE_TIMEOUT',
    ]);
  });
});
