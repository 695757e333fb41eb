import Firecrawl from '@mendable/firecrawl-js';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import type { ConcurrencyQueue } from '#domain';
import { call, finishedCheck } from '../support/monitor-client.js';
import { createTeam } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// One slot per team, one page slot per core for monitor checks, and leases of a page's timeout + 2 s,
// renewed every second while their core holds the page.
const running = trawlWithSite({
  env: { CONCURRENCY_PER_TEAM: '1', MONITOR_PAGE_CONCURRENCY: '1', CONCURRENCY_LEASE_STEP_MS: '1000' },
});
const queueStatus = (apiKey: string) =>
  new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey }).getQueueStatus();

describe("a team's concurrency document", () => {
  it("keeps a monitor page's slot while it waits past its lease for its core's page slot", async () => {
    const { trawl, site } = running;
    const other = await createTeam(trawl, 'Lease Other Team');
    const monitor = async (apiKey: string, url: string, timeout: number) => {
      const created = await call(
        trawl,
        'POST',
        '/v2/monitor',
        {
          name: 'One page',
          schedule: { cron: '0 9 * * *' },
          targets: [{ type: 'scrape', urls: [url], scrapeOptions: { timeout } }],
        },
        apiKey,
      );
      const run = await call(trawl, 'POST', `/v2/monitor/${created.body.data.id}/run`, undefined, apiKey);
      expect(run.status).toBe(200);
      return { monitorId: created.body.data.id as string, checkId: run.body.id as string };
    };
    // The other team's check takes the core's one page slot for 12 s.
    await monitor(other.key, site.url('/slow?ms=12000&turn=other'), 30_000);
    await until(async () => site.requests.some((request) => request.path.includes('turn=other')), 'its page');
    // This team's page takes the team's slot (leased for 2 s + 2 s) and waits for the page slot.
    const mine = await monitor(trawl.apiKey, site.url('/articles/tide-pools?turn=mine'), 2_000);
    await until(async () => (await queueStatus(trawl.apiKey)).activeJobsInQueue === 1, 'the slot');
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(site.requests.some((request) => request.path.includes('turn=mine'))).toBe(false);
    expect(await queueStatus(trawl.apiKey)).toMatchObject({ activeJobsInQueue: 1 });
    // Its turn comes once the other team's page is done; on a loaded machine its 2 s may run out
    // before the browser reaches the site, and the check still ends, its page an error.
    const check = await finishedCheck(trawl, mine.monitorId, mine.checkId);
    expect(check.data.summary.totalPages).toBe(1);
    await until(async () => (await queueStatus(trawl.apiKey)).jobsInQueue === 0, 'the slot to be freed');
  });

  it("holds places for 500 of one core's pages and counts the rest, so it stays far below NATS's 1 MB", async () => {
    const { trawl, site } = running;
    const holder = post(trawl, '/v2/scrape', { url: site.url('/slow?ms=20000&holder=1'), timeout: 60_000 });
    await until(async () => site.requests.some((request) => request.path.includes('holder=1')), 'the slot');

    const targets = Array.from({ length: 6 }, (_, target) => ({
      type: 'scrape',
      urls: Array.from({ length: 100 }, (_, page) => site.url(`/articles/tide-pools?t=${target}&p=${page}`)),
    }));
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Many pages',
      schedule: { cron: '0 9 * * *' },
      targets,
    });
    expect(created.status).toBe(200);
    expect((await call(trawl, 'POST', `/v2/monitor/${created.body.data.id}/run`)).status).toBe(200);

    const queue = await until(async () => {
      const status = await queueStatus(trawl.apiKey);
      return status.waitingJobsInQueue === 600 && status;
    }, 'the 600 pages to wait');
    expect(queue).toMatchObject({ jobsInQueue: 601, activeJobsInQueue: 1 });

    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const kv = await new Kvm(nc).open(natsNames(trawl.prefix).kvBucket('concurrency'));
      const keys: string[] = [];
      for await (const key of await kv.keys()) keys.push(key);
      // The document of the team with pages waiting (the other team's is empty).
      const entries = await Promise.all(keys.map((key) => kv.get(key)));
      const entry = entries.find(
        (candidate) => (candidate?.json<ConcurrencyQueue>().waiting.length ?? 0) > 0,
      );
      const document = entry?.json<ConcurrencyQueue>();
      expect(document?.waiting).toHaveLength(500);
      expect(document?.backlog).toEqual([expect.objectContaining({ pages: 100 })]);
      expect(entry?.length).toBeLessThan(70_000);
    } finally {
      await nc.close();
    }
    expect((await holder).status).toBe(200);
  });
});
