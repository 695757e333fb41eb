import { call, runCheck } from '../support/monitor-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const ADMIN_KEY = 'admin-e2e-retention';
// A short retention: a "day" of retentionDays lasts 60 s here, and core sweeps every second. Longer
// than both checks take on a saturated machine: the old check must expire after the second one ended.
const running = trawlWithSite({
  env: { ADMIN_API_KEY: ADMIN_KEY, MONITOR_RETENTION_DAY_SECONDS: '60', MONITOR_RETENTION_SWEEP_MS: '1000' },
});

async function streamEvents(stream: string): Promise<{ type: string; revision: number }[]> {
  const response = await fetch(`${running.trawl.baseUrl}/v2/admin/streams/${stream}?limit=1000`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
  });
  const body = await response.json();
  return body.success ? body.data.events : [];
}

describe('monitor retention', () => {
  it('drops checks older than retentionDays from the read models, the monitor stream and the scrape streams', async () => {
    const { trawl, site } = running;
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Short memory',
      schedule: { text: 'weekly' },
      retentionDays: 1,
      targets: [{ type: 'scrape', urls: [site.url('/articles/tide-pools'), site.url('/changing')] }],
    });
    const monitorId = created.body.data.id;
    const old = await runCheck(trawl, monitorId);
    const oldScrapes: string[] = old.data.pages.map(
      (page: { currentScrapeId: string }) => page.currentScrapeId,
    );
    expect(oldScrapes).toHaveLength(2);
    const kept = await runCheck(trawl, monitorId);
    const changing = kept.data.pages.find((page: { url: string }) => page.url.endsWith('/changing'));
    expect(changing.status).toBe('changed');

    // The first check leaves once it is a retention day old; the second (newer) one may still be there.
    await until(async () => {
      const { status } = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks/${old.data.id}`);
      return status === 404;
    }, 'the old check to expire');
    const { body: list } = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks`);
    expect(list.data.map((check: { id: string }) => check.id)).not.toContain(old.data.id);

    // The old page of /changing is nobody's baseline any more: its scrape stream is deleted. The
    // sweep does that last, after the read models already show the expiry, so wait for it.
    const oldChanging = old.data.pages.find((page: { url: string }) => page.url.endsWith('/changing'));
    await until(async () => {
      const events = await streamEvents(`scrape-${oldChanging.currentScrapeId}`);
      return events.length === 0;
    }, "the old page's scrape stream to be deleted");

    // Its events are gone from the monitor stream, which now starts from a ChecksExpired snapshot.
    const events = await streamEvents(`monitor-${monitorId}`);
    expect(events.map((event) => event.type)).not.toContain('MonitorCreated');
    expect(events.map((event) => event.type)).toContain('ChecksExpired');

    // The monitor goes on from its snapshot: it still reads, runs and compares with its baselines.
    const after = await runCheck(trawl, monitorId);
    expect(after.data.pages.map((page: { status: string }) => page.status).sort()).toEqual([
      'changed',
      'same',
    ]);
    const { body: monitor } = await call(trawl, 'GET', `/v2/monitor/${monitorId}`);
    expect(monitor.data).toMatchObject({ id: monitorId, name: 'Short memory', retentionDays: 1 });
    // It waits out a retention day and runs three checks of two pages: 80 s alone, more on a
    // saturated machine.
  }, 300_000);
});
