import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { EventStoreDbTestServer } from '../support/eventstoredb-test-server/eventstoredb-test-server.js';
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

describe('audit and replay on EventStoreDB', () => {
  it('scrapes through EventStoreDB, shows the timeline, and rebuilds every read model equal to the live one', async () => {
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
    const team = await trawlCli('teams', 'create', 'Audited');
    expect(team.code).toBe(0);
    const { teamId, keyId } = JSON.parse(team.stdout);
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

    // A healthy system: a rebuild from position zero equals every live read model.
    const healthy = await trawlCli('verify', '--all');
    expect(healthy.code).toBe(0);
    const reports = JSON.parse(healthy.stdout);
    expect(
      reports.map((report: { readModel: string; differences: number }) => [
        report.readModel,
        report.differences,
      ]),
    ).toEqual([
      ['api_keys', 0],
      ['cache_index', 0],
      ['change_tracking', 0],
    ]);
    expect(
      reports.find((report: { readModel: string }) => report.readModel === 'cache_index').rebuiltEntries,
    ).toBe(2);

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

    const damaged = await trawlCli('verify', '--all');
    expect(damaged.code).toBe(1);
    const found = JSON.parse(damaged.stdout);
    expect(found[1]).toMatchObject({
      readModel: 'cache_index',
      changed: [someKey],
      extra: ['forged-key'],
      missing: [],
    });
    expect(found[2]).toMatchObject({ readModel: 'change_tracking', missing: [trackedKey] });

    const rebuilt = await trawlCli('rebuild', '--all');
    expect(rebuilt.stderr).toContain('100.0%');
    expect(rebuilt.code).toBe(0);
    expect((await trawlCli('verify', 'cache_index')).code).toBe(0);
    expect((await scrape({ url: plain[0], minAge: 1 })).body.data.metadata.cacheState).toBe('hit');
    expect((await trawlCli('verify', 'nonsense')).stderr).toContain('unknown read model "nonsense"');
  });
});
