import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MonitorSpec, monitorStreamId } from '#contracts';
import { monitorDecider } from '#domain';
import { SqliteEventStore } from '#event-store';
import { executeCommand } from '../../apps/core/src/command-handling/execute-command.js';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { call, runCheck } from '../support/monitor-client.js';
import { issueKeyWithCli, startTrawl } from '../support/trawl-process.js';

const MONITORS = 1_000;
const PAGES = 50;

/** Process CPU seconds of the Trawl process, from its Prometheus metrics. */
async function cpuSeconds(baseUrl: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  return Number(/^trawl_process_cpu_seconds_total (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/**
 * The scheduler's work with 1,000 active monitors against the sqlite store (one tick that starts
 * every one of them, then a tick where all are already started), and a check of 50 unchanged
 * pages through the whole service: wall time and service CPU per page; then how long another team's
 * one-page check takes behind two such checks, against alone.
 */
export async function benchMonitors(): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  const dir = mkdtempSync(join(tmpdir(), 'trawl-bench-monitors-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  try {
    const spec: MonitorSpec = {
      name: 'bench',
      schedule: { cron: '0 * * * *', timezone: 'UTC' },
      targets: [{ id: 't', type: 'scrape', urls: ['http://a.test/'] }],
      webhook: null,
      notification: null,
      retentionDays: 30,
      goal: null,
      judgeEnabled: false,
    };
    const ids = Array.from({ length: MONITORS }, (_, i) => `bench-${i}`);
    for (const monitorId of ids) {
      await executeCommand(
        store,
        monitorDecider,
        monitorStreamId(monitorId),
        { type: 'CreateMonitor', data: { monitorId, teamId: 'team', spec, at: '2026-01-01T09:30:00.000Z' } },
        {},
      );
    }
    const tick = async (label: string) => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (const monitorId of ids) {
        await executeCommand(
          store,
          monitorDecider,
          monitorStreamId(monitorId),
          {
            type: 'StartScheduledCheck',
            data: {
              monitorId,
              checkId: `${monitorId}-c`,
              scheduledFor: '2026-01-01T10:00:00.000Z',
              at: '2026-01-01T10:00:01.000Z',
            },
          },
          {},
        );
      }
      const wall = performance.now() - started;
      const used = process.cpuUsage(cpu);
      figures[`${label}: wall`] =
        `${wall.toFixed(0)} ms (${((wall * 1000) / MONITORS).toFixed(0)} µs per monitor)`;
      figures[`${label}: CPU`] = `${((used.user + used.system) / 1000).toFixed(0)} ms`;
    };
    await tick(`tick starting ${MONITORS} due checks`);
    await tick(`tick with ${MONITORS} already started`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const site = await startFixtureSite();
  const trawl = await startTrawl({
    env: { LOG_LEVEL: 'warn', BROWSER_CONCURRENCY: '8', MONITOR_PAGE_CONCURRENCY: '8' },
  });
  try {
    const urls = Array.from({ length: PAGES }, (_, i) => site.url(`/articles/tide-pools?copy=${i}`));
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'bench',
      schedule: { text: 'daily' },
      targets: [{ type: 'scrape', urls }],
    });
    await runCheck(trawl, created.body.data.id, 600_000);
    const cpuBefore = await cpuSeconds(trawl.baseUrl);
    const started = performance.now();
    const check = await runCheck(trawl, created.body.data.id, 600_000);
    const wall = performance.now() - started;
    const cpu = (await cpuSeconds(trawl.baseUrl)) - cpuBefore;
    figures[`check of ${PAGES} unchanged pages`] =
      `${(wall / 1000).toFixed(1)} s wall, summary ${JSON.stringify(check.data.summary)}`;
    const odd = check.data.pages.filter((page: { status: string }) => page.status !== 'same');
    for (const page of odd) figures[`not same: ${page.url}`] = `${page.status} ${page.error ?? ''}`;
    figures['per page'] =
      `${(wall / PAGES).toFixed(0)} ms wall, ${((cpu * 1000) / PAGES).toFixed(0)} ms CPU (Node process; Chromium not counted)`;

    // Another team's one-page check, alone and then started behind two of these checks.
    const otherTeam = await issueKeyWithCli(trawl.env, trawl.logs);
    const small = await call(
      trawl,
      'POST',
      '/v2/monitor',
      { name: 'small', schedule: { text: 'daily' }, targets: [{ type: 'scrape', urls: [site.url('/')] }] },
      otherTeam,
    );
    const asOtherTeam = { ...trawl, apiKey: otherTeam };
    const smallCheck = async () => {
      const began = performance.now();
      await runCheck(asOtherTeam, small.body.data.id, 600_000);
      return performance.now() - began;
    };
    const alone = await smallCheck();
    const second = await call(trawl, 'POST', '/v2/monitor', {
      name: 'bench 2',
      schedule: { text: 'daily' },
      targets: [{ type: 'scrape', urls: urls.map((url) => `${url}&second`) }],
    });
    const big = [created, second].map((monitor) => runCheck(trawl, monitor.body.data.id, 600_000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const behind = await smallCheck();
    await Promise.all(big);
    figures["another team's one-page check alone / behind two checks of 50 pages"] =
      `${(alone / 1000).toFixed(1)} s / ${(behind / 1000).toFixed(1)} s: ${(behind / alone).toFixed(2)}×`;
  } finally {
    await trawl.stop();
    await site.close();
  }
  return figures;
}
