import Firecrawl from '@mendable/firecrawl-js';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import type { ConcurrencyQueue } from '#domain';
import { call } from '../support/monitor-client.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// One slot, held by a slow scrape while a check of 600 pages queues behind it.
const running = trawlWithSite({ env: { CONCURRENCY_PER_TEAM: '1' } });

describe("a team's concurrency document with thousands of pages waiting", () => {
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

    const client = new Firecrawl({ apiUrl: trawl.baseUrl, apiKey: trawl.apiKey });
    const queue = await until(async () => {
      const status = await client.getQueueStatus();
      return status.waitingJobsInQueue === 600 && status;
    }, 'the 600 pages to wait');
    expect(queue).toMatchObject({ jobsInQueue: 601, activeJobsInQueue: 1 });

    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const kv = await new Kvm(nc).open(natsNames(trawl.prefix).kvBucket('concurrency'));
      const keys: string[] = [];
      for await (const key of await kv.keys()) keys.push(key);
      const entry = await kv.get(keys[0] ?? '');
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
