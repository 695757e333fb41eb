import { call, finishedCheck, runCheck } from '../support/monitor-client.js';
import { post } from '../support/scrape-client.js';
import { freePort } from '../support/trawl-process.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const running = trawlWithSite({
  env: {
    WEBHOOK_RETRY_BASE_MS: '100',
    BROWSER_CONCURRENCY: '3',
    CONCURRENCY_PER_TEAM: '3',
    MONITOR_PAGE_CONCURRENCY: '2',
  },
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, as a scraper reads it: one sample per line that is not a comment. */
function parseMetrics(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

async function metricsAt(
  url: string,
): Promise<{ status: number; contentType: string | null; samples: Sample[] }> {
  const response = await fetch(url);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    samples: parseMetrics(await response.text()),
  };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

describe('Prometheus metrics', () => {
  it('report requests by route template, scrape outcomes, queues, lags, the browser pool and webhook outcomes, without URLs', async () => {
    const { trawl, site } = running;
    const pageUrl = site.url('/articles/tide-pools');
    const scraped = await post(trawl, '/v2/scrape', { url: pageUrl, formats: ['markdown'] });
    expect(scraped.status).toBe(200);
    const unknownCrawl = await call(trawl, 'GET', '/v2/crawl/0193f3b4-0000-7000-8000-000000000001');
    expect(unknownCrawl.status).toBe(404);
    expect((await fetch(`${trawl.baseUrl}/no/such/path/tide-pools-marker`)).status).toBe(404);

    // A receiver that is down once, then accepts: one retried and one delivered call.
    const receiver = await startWebhookReceiver((n) => ({ status: n === 1 ? 503 : 200 }));
    try {
      const monitor = await call(trawl, 'POST', '/v2/monitor', {
        name: 'Metrics',
        schedule: { text: 'weekly' },
        targets: [{ type: 'scrape', url: pageUrl }],
        webhook: { url: receiver.url, events: ['monitor.check.completed'] },
      });
      expect(monitor.status).toBe(200);
      await runCheck(trawl, monitor.body.data.id);
      await until(async () => receiver.calls.some((c) => c.answered === 200), 'the webhook to be delivered');
    } finally {
      await receiver.close();
    }

    const { status, contentType, samples } = await metricsAt(`${trawl.baseUrl}/metrics`);
    expect(status).toBe(200);
    expect(contentType).toContain('text/plain');

    const requests = 'trawl_http_request_duration_seconds_count';
    expect(
      find(samples, requests, { method: 'POST', route: '/v2/scrape', status: '200' })[0]?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(find(samples, requests, { method: 'GET', route: '/v2/crawl/:id', status: '404' })[0]?.value).toBe(
      1,
    );
    expect(
      find(samples, requests, { method: 'POST', route: '/v2/monitor/:id/run', status: '200' }),
    ).toHaveLength(1);
    expect(find(samples, requests, { method: 'GET', route: 'unmatched', status: '404' })[0]?.value).toBe(1);
    expect(find(samples, 'trawl_scrapes_total', { outcome: 'ok' })[0]?.value).toBeGreaterThanOrEqual(1);

    for (const queue of ['browser_worker', 'extractor', 'monitor_checks', 'projector_monitor_webhooks']) {
      for (const name of ['trawl_queue_pending_events', 'trawl_queue_in_flight_events']) {
        const [sample] = find(samples, name, { queue });
        expect({ queue, name, value: sample?.value }).toEqual({ queue, name, value: expect.any(Number) });
        expect(sample.value).toBeGreaterThanOrEqual(0);
      }
    }
    const projections = find(samples, 'trawl_projection_lag_events').map(
      (sample) => sample.labels.projection,
    );
    expect(projections).toEqual(expect.arrayContaining(['projector_cache_index', 'projector_monitors']));
    // Projections are not work queues.
    expect(find(samples, 'trawl_queue_pending_events', { queue: 'projector_cache_index' })).toHaveLength(0);
    for (const sample of find(samples, 'trawl_projection_lag_events'))
      expect(sample.value).toBeGreaterThanOrEqual(0);

    for (const name of ['trawl_relay_lag_events', 'trawl_relay_lag_seconds']) {
      expect(find(samples, name)[0]?.value).toBeGreaterThanOrEqual(0);
    }
    expect(find(samples, 'trawl_browser_slots')[0]?.value).toBe(3);
    expect(find(samples, 'trawl_browser_sessions_max')[0]?.value).toBe(4);
    for (const name of [
      'trawl_browser_contexts_open',
      'trawl_browser_slots_busy',
      'trawl_browser_slots_queued',
      'trawl_browser_sessions_open',
    ]) {
      const value = find(samples, name)[0]?.value;
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }

    const webhooks = 'trawl_webhook_deliveries_total';
    expect(find(samples, webhooks, { event: 'monitor.check.completed', outcome: 'retried' })[0]?.value).toBe(
      1,
    );
    expect(
      find(samples, webhooks, { event: 'monitor.check.completed', outcome: 'delivered' })[0]?.value,
    ).toBe(1);

    // Zero data retention: no label value names the site, a page or an id.
    const labelValues = samples.flatMap((sample) => Object.values(sample.labels));
    const { host } = new URL(pageUrl);
    for (const value of labelValues) {
      expect(value).not.toContain(host);
      expect(value).not.toContain('tide-pools');
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    }
  });

  it("count a monitor check's pages waiting for their team's slots and for a page slot while it runs", async () => {
    const { trawl, site } = running;
    // Six slow pages: three take the team's three slots and two of them the core's two page slots.
    const urls = Array.from({ length: 6 }, (_, page) => site.url(`/slow?ms=3000&metrics=${page}`));
    const monitor = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Waiting pages',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', urls }],
    });
    const run = await call(trawl, 'POST', `/v2/monitor/${monitor.body.data.id}/run`, {});
    const waiting = async () =>
      find((await metricsAt(`${trawl.baseUrl}/metrics`)).samples, 'trawl_monitor_turns_waiting', {
        for: 'page',
      })[0]?.value;
    const waitingForTeam = async () =>
      find((await metricsAt(`${trawl.baseUrl}/metrics`)).samples, 'trawl_pages_waiting_for_slot', {
        source: 'monitor',
      })[0]?.value;
    await until(
      async () => (await waiting()) === 1 && (await waitingForTeam()) === 3,
      "three of the six pages waiting for the team's slots and one for a page slot",
    );
    const check = await finishedCheck(trawl, monitor.body.data.id, run.body.id);
    expect(check.data.summary).toMatchObject({ totalPages: 6, new: 6 });
    expect(await waiting()).toBe(0);
    expect(await waitingForTeam()).toBe(0);
    const [crawls] = find(
      (await metricsAt(`${trawl.baseUrl}/metrics`)).samples,
      'trawl_monitor_turns_waiting',
      {
        for: 'crawl',
      },
    );
    expect(crawls?.value).toBe(0);
  });

  it("count the batch pages waiting for a slot of their team's concurrency", async () => {
    const { trawl, site } = running;
    const urls = [1, 2, 3, 4, 5].map((page) => site.url(`/slow?ms=1500&waiting=${page}`));
    const batch = await post(trawl, '/v2/batch/scrape', { urls, maxConcurrency: 5 });
    const waiting = async () =>
      find((await metricsAt(`${trawl.baseUrl}/metrics`)).samples, 'trawl_pages_waiting_for_slot', {
        source: 'crawl',
      })[0]?.value;
    await until(async () => (await waiting()) === 2, 'two of the five pages waiting for the three slots');
    await until(async () => {
      const status = await call(trawl, 'GET', `/v2/batch/scrape/${batch.body.id}`);
      return status.body.status === 'completed';
    }, 'the batch to complete');
    expect(await waiting()).toBe(0);
  });

  it('are served by an app without HTTP of its own on METRICS_PORT', async () => {
    const port = await freePort();
    running.trawl.spawnApp('extractor', { METRICS_PORT: String(port) });
    const url = `http://127.0.0.1:${port}/metrics`;
    // A Nest app takes 10-20 s to boot on a busy 2-core machine.
    const extractor = await until(
      () => metricsAt(url).catch(() => undefined),
      'the extractor to serve /metrics',
    );
    expect(extractor.status).toBe(200);
    expect(find(extractor.samples, 'trawl_queue_pending_events', { queue: 'extractor' })).toHaveLength(1);
    expect(find(extractor.samples, 'trawl_process_cpu_seconds_total')[0]?.value).toBeGreaterThan(0);
    // It runs no api and no browser: those families have no samples here.
    expect(find(extractor.samples, 'trawl_http_request_duration_seconds_count')).toHaveLength(0);
    expect(find(extractor.samples, 'trawl_browser_slots')).toHaveLength(0);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
