import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { EventStoreDbTestServer } from '../support/eventstoredb-test-server/eventstoredb-test-server.js';
import { call, runCheck } from '../support/monitor-client.js';
import { repoRoot } from '../support/repo-root.js';
import { post, waitUntilCached } from '../support/scrape-client.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';

const run = promisify(execFile);
let server: EventStoreDbTestServer;
let site: FixtureSite;
let trawl: RunningTrawl;
let nc: NatsConnection;

// Trawl on EventStoreDB (the gRPC test server in this process), with its real client, end to end.
beforeAll(async () => {
  server = await EventStoreDbTestServer.start();
  site = await startFixtureSite();
  trawl = await startTrawl({ env: { EVENTSTORE_CONNECTION_STRING: server.connectionString } });
  nc = await connect({ servers: '127.0.0.1:4222' });
});
afterAll(async () => {
  await nc?.close();
  await trawl?.stop();
  await site?.close();
  await server?.stop();
});

/** The built CLI with the service's environment (asynchronous: the test server lives in this process). */
async function trawlCli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(repoRoot, 'dist/apps/cli/src/main.js'), ...args],
      {
        env: trawl.env,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function keysOf(kv: KV): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of await kv.keys()) keys.push(key);
  return keys;
}

const scrape = (body: Record<string, unknown>) => post(trawl, '/v2/scrape', body);

const cached = (url: string) => waitUntilCached(trawl, url);

/** `verify --all`, again for a few seconds while it differs: the projector follows the log asynchronously. */
async function verifiedOnceCaughtUp() {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = await trawlCli('verify', '--all');
    if (result.code === 0 || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('audit and replay on EventStoreDB', () => {
  // About 80 s on an idle 2-core machine (scrapes, monitor checks, the CLI several times, a full
  // replay): the default 120 s left too little room when the machine was busy.
  it('drives scrapes, monitors, checks, keys and credits through EventStoreDB, shows the timeline, and rebuilds every read model equal to the live one', async () => {
    // Two plain scrapes (cache index) and one with change tracking (change-tracking history).
    const plain = ['/articles/tide-pools', '/articles/tide-pools?again'].map((path) => site.url(path));
    const scrapeIds: string[] = [];
    for (const url of plain) {
      const response = await scrape({ url });
      expect(response.status).toBe(200);
      scrapeIds.push(response.body.data.metadata.scrapeId);
    }
    const tracked = await scrape({
      url: site.url('/changing'),
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }],
    });
    expect(tracked.status).toBe(200);
    // A monitor over two checks (monitors, checks, check pages), then deleted with its checks.
    const monitor = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Audited pages',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'scrape', urls: [site.url('/articles/tide-pools'), site.url('/changing')] }],
      judgeEnabled: false,
    });
    expect(monitor.status).toBe(200);
    const first = await runCheck(trawl, monitor.body.data.id);
    expect((await runCheck(trawl, monitor.body.data.id)).data.summary).toMatchObject({
      totalPages: 2,
      changed: 1,
    });
    const deleted = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Short-lived',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'scrape', urls: [site.url('/articles/tide-pools')] }],
      judgeEnabled: false,
    });
    await runCheck(trawl, deleted.body.data.id);
    expect((await call(trawl, 'DELETE', `/v2/monitor/${deleted.body.data.id}`)).status).toBe(200);
    // A browser session, opened, used and closed (browser sessions, and its minute in the credits).
    const session = await post(trawl, '/v2/browser', { ttl: 60 });
    expect(session.status).toBe(200);
    const ran = await post(trawl, `/v2/browser/${session.body.id}/execute`, { code: 'return 6 * 7' });
    expect(ran.body).toMatchObject({ success: true, result: 42 });
    expect((await call(trawl, 'DELETE', `/v2/browser/${session.body.id}`)).body.creditsBilled).toBe(2);
    // An agent run, answered from one page by the local extractor (agent runs: the run and its job's team).
    const agentRun = await post(trawl, '/v2/agent', {
      prompt: 'the title',
      urls: [site.url('/articles/tide-pools')],
      schema: { type: 'object', properties: { title: { type: 'string' } } },
    });
    expect(agentRun.status).toBe(200);
    // Teams, keys, credits and team settings.
    const team = await trawlCli('teams', 'create', 'Audited');
    expect(team.code).toBe(0);
    const { teamId, keyId } = JSON.parse(team.stdout);
    expect((await trawlCli('credits', 'grant', teamId, '500', 'audit')).code).toBe(0);
    expect((await trawlCli('teams', 'zdr', teamId, 'on')).code).toBe(0);
    expect((await trawlCli('keys', 'revoke', teamId, keyId)).code).toBe(0);
    for (const url of plain) await cached(url);

    const history = await trawlCli('history', `scrape-${scrapeIds[0]}`, '--json');
    const timeline = history.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(timeline.map((entry) => entry.type)).toEqual([
      'ScrapeRequested',
      'PageFetched',
      'ScrapeCompleted',
    ]);
    expect(new Set(timeline.map((entry) => entry.correlationId)).size).toBe(1);
    expect(timeline.map((entry) => entry.revision)).toEqual([0, 1, 2]);

    // A healthy system: a rebuild from position zero equals every live read model (once the
    // asynchronous projector has caught up with the last events).
    const healthy = await verifiedOnceCaughtUp();
    expect(healthy.code).toBe(0);
    const reports: { readModel: string; differences: number; rebuiltEntries: number }[] = JSON.parse(
      healthy.stdout,
    );
    expect(reports.map((report) => [report.readModel, report.differences])).toEqual([
      ['api_keys', 0],
      ['cache_index', 0],
      ['change_tracking', 0],
      ['credit_balances', 0],
      ['teams', 0],
      ['search_index', 0],
      ['monitors', 0],
      ['monitor_checks', 0],
      ['monitor_check_pages', 0],
      ['browser_sessions', 0],
      ['feedback', 0],
      ['agent_runs', 0],
    ]);
    const entries = Object.fromEntries(reports.map((report) => [report.readModel, report.rebuiltEntries]));
    // The deleted monitor left nothing behind: one monitor, its two checks and their four pages.
    expect(entries).toMatchObject({
      monitors: 1,
      monitor_checks: 2,
      monitor_check_pages: 4,
      browser_sessions: 1,
      agent_runs: 2,
    });
    expect(entries.credit_balances).toBeGreaterThanOrEqual(2);
    expect(entries.teams).toBeGreaterThanOrEqual(1);
    expect(entries.search_index).toBeGreaterThanOrEqual(3);

    // Damage the live models: verify names each difference, rebuild repairs them.
    const names = natsNames(trawl.prefix);
    const kvm = new Kvm(nc);
    const cacheIndex = await kvm.open(names.kvBucket('cache_index'));
    const [someKey] = await keysOf(cacheIndex);
    await cacheIndex.put(someKey as string, JSON.stringify({ forged: true }));
    await cacheIndex.put('forged-key', '{}');
    const changeTracking = await kvm.open(names.kvBucket('change_tracking'));
    const [trackedKey] = await keysOf(changeTracking);
    await changeTracking.delete(trackedKey as string);

    const checkPages = await kvm.open(names.kvBucket('monitor_check_pages'));
    const pageKey = (await keysOf(checkPages)).find((key) => key.startsWith(`${first.data.id}.`)) as string;
    await checkPages.delete(pageKey);

    const damaged = await trawlCli('verify', '--all');
    expect(damaged.code).toBe(1);
    const reported: { readModel: string }[] = JSON.parse(damaged.stdout);
    const found = (readModel: string) => reported.find((report) => report.readModel === readModel);
    expect(found('cache_index')).toMatchObject({
      readModel: 'cache_index',
      changed: [someKey],
      extra: ['forged-key'],
      missing: [],
    });
    expect(found('change_tracking')).toMatchObject({ readModel: 'change_tracking', missing: [trackedKey] });
    expect(found('monitor_check_pages')).toMatchObject({
      readModel: 'monitor_check_pages',
      missing: [pageKey],
    });

    const rebuilt = await trawlCli('rebuild', '--all');
    expect(rebuilt.stderr).toContain('100.0%');
    expect(rebuilt.code).toBe(0);
    expect((await trawlCli('verify', 'cache_index')).code).toBe(0);
    expect((await trawlCli('verify', 'monitor_check_pages')).code).toBe(0);
    const repaired = await call(trawl, 'GET', `/v2/monitor/${monitor.body.data.id}/checks/${first.data.id}`);
    expect(repaired.body.data.pages).toHaveLength(2);
    expect((await scrape({ url: plain[0], minAge: 1 })).body.data.metadata.cacheState).toBe('hit');
    expect((await trawlCli('verify', 'nonsense')).stderr).toContain('unknown read model "nonsense"');
  }, 240_000);
});
