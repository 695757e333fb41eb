import Firecrawl from '@mendable/firecrawl-js';
import { call, finishedCheck, runCheck } from '../support/monitor-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

const statusByPath = (pages: { url: string; status: string }[]) =>
  Object.fromEntries(pages.map((page) => [new URL(page.url).pathname, page.status]));

describe('monitors over HTTP', () => {
  it('checks pages: new, then same / changed with a diff / removed; the monitor shows the last summary', async () => {
    const { trawl, site } = running;
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Tide pages',
      schedule: { text: 'daily at 9am', timezone: 'Europe/Paris' },
      targets: [
        {
          type: 'scrape',
          urls: [site.url('/articles/tide-pools'), site.url('/changing'), site.url('/vanishing')],
        },
      ],
      goal: 'tide table version',
      origin: 'e2e',
    });
    expect(created.status).toBe(200);
    const monitor = created.body.data;
    expect(monitor).toMatchObject({
      name: 'Tide pages',
      status: 'active',
      schedule: {
        cron: '0 9 * * *',
        timezone: 'Europe/Paris',
        text: 'daily at 9am',
        description: 'At 09:00 (Europe/Paris)',
      },
      retentionDays: 30,
      judgeEnabled: true,
      estimatedCreditsPerMonth: 90,
      lastCheckSummary: null,
      currentCheckId: null,
    });
    expect(monitor.targets[0].id).toEqual(expect.any(String));
    expect(Date.parse(monitor.nextRunAt)).toBeGreaterThan(Date.now());

    const first = await runCheck(trawl, monitor.id);
    expect(first.data).toMatchObject({
      status: 'completed',
      trigger: 'manual',
      summary: { totalPages: 3, new: 3 },
    });
    expect(statusByPath(first.data.pages)).toEqual({
      '/articles/tide-pools': 'new',
      '/changing': 'new',
      '/vanishing': 'new',
    });

    const second = await runCheck(trawl, monitor.id);
    expect(second.data.summary).toEqual({ totalPages: 3, same: 1, changed: 1, new: 0, removed: 1, error: 0 });
    expect(statusByPath(second.data.pages)).toEqual({
      '/articles/tide-pools': 'same',
      '/changing': 'changed',
      '/vanishing': 'removed',
    });
    const changed = second.data.pages.find((page: { status: string }) => page.status === 'changed');
    expect(changed.diff.text).toMatch(/^-Version \d+$/m);
    expect(changed.diff.text).toMatch(/^\+Version \d+$/m);
    expect(changed.previousScrapeId).toBe(
      first.data.pages.find((p: { url: string }) => p.url === changed.url).currentScrapeId,
    );
    expect(changed.judgment).toMatchObject({ meaningful: true, judge: 'local' });
    expect(changed.judgment.reason).toMatch(/^Local relevance judge \(no model configured\)/);

    const after = await call(trawl, 'GET', `/v2/monitor/${monitor.id}`);
    expect(after.body.data).toMatchObject({ lastCheckSummary: second.data.summary, currentCheckId: null });
    expect(Date.parse(after.body.data.lastRunAt)).toBeGreaterThan(Date.parse(first.data.startedAt));

    // Paging: absolute `next` at top level and in data, with the status filter kept.
    const page1 = await call(trawl, 'GET', `/v2/monitor/${monitor.id}/checks/${second.data.id}?limit=1`);
    expect(page1.body.data.pages).toHaveLength(1);
    expect(page1.body.next).toBe(
      `${trawl.baseUrl}/v2/monitor/${monitor.id}/checks/${second.data.id}?skip=1&limit=1`,
    );
    expect(page1.body.data.next).toBe(page1.body.next);
    const page2 = await call(trawl, 'GET', page1.body.next);
    expect(page2.body.data.pages[0].id).not.toBe(page1.body.data.pages[0].id);
    const removedOnly = await call(
      trawl,
      'GET',
      `/v2/monitor/${monitor.id}/checks/${second.data.id}?status=removed`,
    );
    expect(removedOnly.body.data.pages.map((p: { status: string }) => p.status)).toEqual(['removed']);

    const checks = await call(trawl, 'GET', `/v2/monitor/${monitor.id}/checks`);
    expect(checks.body.data.map((check: { id: string }) => check.id)).toEqual([
      second.data.id,
      first.data.id,
    ]);
  });

  it('reports a removed page once: while it stays gone it is same, and back again it is new', async () => {
    const { trawl, site } = running;
    const serve = () =>
      site.serve(
        '/comeback',
        'text/html; charset=utf-8',
        Buffer.from(
          '<html><body><main><h1>Ferry times</h1><p>Ferries leave at nine.</p></main></body></html>',
        ),
      );
    serve();
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Comeback',
      schedule: { text: 'daily' },
      targets: [{ type: 'scrape', urls: [site.url('/comeback')] }],
      goal: 'ferry times',
    });
    const monitorId = created.body.data.id;
    const statuses: string[] = [];
    const check = async () => {
      const { data } = await runCheck(trawl, monitorId);
      statuses.push(data.pages[0].status);
      return data;
    };
    expect((await check()).pages[0].judgment).toBeNull();
    site.unserve('/comeback');
    await check();
    const stillGone = await check();
    expect(stillGone.pages[0]).toMatchObject({ status: 'same', statusCode: 404, diff: null });
    serve();
    const back = await check();
    // Its return is news: judged against the goal as if all of it were added.
    expect(back.pages[0]).toMatchObject({
      status: 'new',
      statusCode: 200,
      previousScrapeId: null,
      judgment: { meaningful: true },
    });
    expect(statuses).toEqual(['new', 'removed', 'same', 'new']);
  });

  it('validates, refuses what it cannot do, pauses, keeps teams apart and deletes', async () => {
    const { trawl, site } = running;
    const target = { type: 'scrape', url: site.url('/articles/tide-pools') };
    const badText = await call(trawl, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { text: 'whenever' },
      targets: [target],
    });
    expect(badText.status).toBe(400);
    expect(badText.body).toMatchObject({ code: 'BAD_REQUEST', details: [{ path: ['schedule', 'text'] }] });
    expect(badText.body.error).toContain('"every 30 minutes"');
    const tooOften = await call(trawl, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { cron: '* * * * *' },
      targets: [target],
    });
    expect(tooOften.body.error).toContain('minimum interval is 5 minutes');
    const crawl = await call(trawl, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { cron: '0 * * * *' },
      targets: [{ type: 'crawl', url: site.url('/'), crawlOptions: { prompt: 'only the docs' } }],
    });
    expect(crawl.status).toBe(501);
    expect(crawl.body).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      error: expect.stringContaining('targets[0].crawlOptions.prompt'),
    });

    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Pausable',
      schedule: { cron: '*/30 * * * *' },
      targets: [target],
    });
    const id = created.body.data.id;
    expect(created.body.data.estimatedCreditsPerMonth).toBe(1440);

    const otherTeam = await issueKeyWithCli(trawl.env, trawl.logs);
    expect((await call(trawl, 'GET', `/v2/monitor/${id}`, undefined, otherTeam)).status).toBe(404);
    expect((await call(trawl, 'POST', `/v2/monitor/${id}/run`, {}, otherTeam)).status).toBe(404);
    expect((await call(trawl, 'GET', '/v2/monitor', undefined, otherTeam)).body.data).toEqual([]);

    const run = await call(trawl, 'POST', `/v2/monitor/${id}/run`, {});
    const again = await call(trawl, 'POST', `/v2/monitor/${id}/run`, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MONITOR_CHECK_RUNNING');
    await finishedCheck(trawl, id, run.body.id);

    expect((await call(trawl, 'PATCH', `/v2/monitor/${id}`, { origin: 'e2e' })).status).toBe(400);
    const paused = await call(trawl, 'PATCH', `/v2/monitor/${id}`, { status: 'paused', name: 'Paused' });
    expect(paused.body.data).toMatchObject({ status: 'paused', name: 'Paused', nextRunAt: null });
    expect((await call(trawl, 'POST', `/v2/monitor/${id}/run`, {})).body.code).toBe('MONITOR_PAUSED');

    const list = await call(trawl, 'GET', '/v2/monitor?limit=1&offset=0');
    expect(list.body.data).toHaveLength(1);
    const deleted = await call(trawl, 'DELETE', `/v2/monitor/${id}`);
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect((await call(trawl, 'GET', `/v2/monitor/${id}`)).status).toBe(404);
  });

  it("runs another team's check while one team's big checks are still scraping", async () => {
    const { trawl, site } = running;
    // Two checks of slow pages, more of them than the browser renders at once.
    const slowPages = (monitor: string) =>
      Array.from({ length: 6 }, (_, i) => site.url(`/slow?ms=4000&monitor=${monitor}&page=${i}`));
    const big = await Promise.all(
      ['first', 'second'].map(async (name) => {
        const created = await call(trawl, 'POST', '/v2/monitor', {
          name: `Big ${name}`,
          schedule: { cron: '0 0 1 1 *' },
          targets: [{ type: 'scrape', urls: slowPages(name) }],
        });
        return created.body.data.id as string;
      }),
    );
    const otherTeam = await issueKeyWithCli(trawl.env, trawl.logs);
    const small = await call(
      trawl,
      'POST',
      '/v2/monitor',
      {
        name: 'Small',
        schedule: { cron: '0 0 1 1 *' },
        targets: [{ type: 'scrape', urls: [site.url('/articles/tide-pools')] }],
      },
      otherTeam,
    );

    const bigRuns = [];
    for (const id of big) bigRuns.push({ id, run: await call(trawl, 'POST', `/v2/monitor/${id}/run`, {}) });
    const smallRun = await call(trawl, 'POST', `/v2/monitor/${small.body.data.id}/run`, {}, otherTeam);
    const smallCheck = await finishedCheck(
      { ...trawl, apiKey: otherTeam },
      small.body.data.id,
      smallRun.body.id,
      120_000,
    );
    const bigChecks = await Promise.all(
      bigRuns.map(({ id, run }) => finishedCheck(trawl, id, run.body.id, 120_000)),
    );

    expect(smallCheck.data).toMatchObject({ status: 'completed', summary: { totalPages: 1, new: 1 } });
    for (const check of bigChecks) expect(check.data.summary).toMatchObject({ totalPages: 6, new: 6 });
    // Its page took a turn between theirs: it finished before either of the checks queued ahead of it.
    const firstBigFinished = Math.min(...bigChecks.map((check) => Date.parse(check.data.finishedAt)));
    expect(Date.parse(smallCheck.data.finishedAt)).toBeLessThan(firstBigFinished);
  });

  it('works with the official Firecrawl JS SDK monitor methods', async () => {
    const { trawl, site } = running;
    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
    const monitor = await client.createMonitor({
      name: 'SDK monitor',
      schedule: { text: 'every 30 minutes' },
      targets: [{ type: 'scrape', urls: [site.url('/articles/tide-pools'), site.url('/notes.txt')] }],
    });
    expect(monitor.schedule.cron).toBe('*/30 * * * *');
    const check = await client.runMonitor(monitor.id);
    expect(check.status).toBe('running');
    await finishedCheck(trawl, monitor.id, check.id);
    // limit 1 makes the SDK follow the absolute `next` links for the second page.
    const detail = await client.getMonitorCheck(monitor.id, check.id, { limit: 1 });
    expect(detail.pages.map((page) => page.status)).toEqual(['new', 'new']);
    expect((await client.listMonitorChecks(monitor.id)).map((c) => c.id)).toEqual([check.id]);
    expect((await client.listMonitors()).some((m) => m.id === monitor.id)).toBe(true);
    const updated = await client.updateMonitor(monitor.id, { status: 'paused', retentionDays: 7 });
    expect(updated).toMatchObject({ status: 'paused', retentionDays: 7 });
    expect(await client.deleteMonitor(monitor.id)).toBe(true);
    await expect(client.getMonitor(monitor.id)).rejects.toMatchObject({ status: 404 });
  });
});
