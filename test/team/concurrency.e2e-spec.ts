import Firecrawl from '@mendable/firecrawl-js';

import { call, finishedCheck } from '../support/monitor-client.js';
import { createTeam } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// One scrape at a time per team, so a second one has to queue. The watchdog is quick to fail
// stalled crawl pages, so that it would fail pages that only waited for their slot.
const running = trawlWithSite({
  env: { CONCURRENCY_PER_TEAM: '1', CRAWL_PAGE_STALL_GRACE_MS: '1000', CRAWL_WATCHDOG_INTERVAL_MS: '500' },
});
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const fetchesOf = (path: string) => running.site.requests.filter((request) => request.path === path).length;

describe('concurrency limit per team', () => {
  it('queues the excess scrape, reports the queue to the SDK, and says in metadata that it waited', async () => {
    const first = post(running.trawl, '/v2/scrape', {
      url: running.site.url('/slow?ms=3000'),
      timeout: 30_000,
    });
    await until(async () => fetchesOf('/slow?ms=3000') === 1, 'the first scrape to hold the slot');
    const second = post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/tide-pools'),
      timeout: 30_000,
    });

    const queue = await until(async () => {
      const status = await client().getQueueStatus();
      return status.waitingJobsInQueue === 1 && status;
    }, 'the second scrape to wait');
    expect(queue).toMatchObject({ success: true, jobsInQueue: 2, activeJobsInQueue: 1, maxConcurrency: 1 });
    expect(await client().getConcurrency()).toEqual({ concurrency: 1, maxConcurrency: 1 });
    expect(fetchesOf('/articles/tide-pools')).toBe(0);

    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(200);
    expect(a.body.data.metadata.concurrencyLimited).toBe(false);
    expect(a.body.data.metadata).not.toHaveProperty('concurrencyQueueDurationMs');
    expect(b.status).toBe(200);
    expect(b.body.data.metadata.concurrencyLimited).toBe(true);
    expect(b.body.data.metadata.concurrencyQueueDurationMs).toBeGreaterThan(0);

    const after = await client().getQueueStatus();
    expect(after).toMatchObject({ jobsInQueue: 0, activeJobsInQueue: 0, waitingJobsInQueue: 0 });
    expect(Date.parse(after.mostRecentSuccess ?? '')).not.toBeNaN();
  });

  it('gives up after two thirds of the timeout with 408 CONCURRENCY_QUEUE_TIMEOUT, without fetching', async () => {
    const holder = post(running.trawl, '/v2/scrape', {
      url: running.site.url('/slow?ms=6000'),
      timeout: 30_000,
    });
    await until(async () => fetchesOf('/slow?ms=6000') === 1, 'the first scrape to hold the slot');
    const waiter = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/survey'),
      timeout: 3_000,
    });
    expect(waiter.status).toBe(408);
    expect(waiter.body).toMatchObject({ success: false, code: 'CONCURRENCY_QUEUE_TIMEOUT' });
    expect(waiter.body.error).toContain('two thirds of its timeout');
    expect(fetchesOf('/articles/survey')).toBe(0);
    expect((await holder).status).toBe(200);
    expect((await client().getQueueStatus()).jobsInQueue).toBe(0);
  });

  it('queues many scrapes arriving at once and runs every one of them in turn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(running.trawl, '/v2/scrape', {
          url: running.site.url(`/articles/tide-pools?at-once=${index}`),
          timeout: 60_000,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.body.data.metadata.concurrencyLimited)).toHaveLength(7);
    expect((await client().getQueueStatus()).jobsInQueue).toBe(0);
  });

  it("counts a batch's pages with the team's scrapes: they wait in its queue, and a scrape goes first", async () => {
    const other = await createTeam(running.trawl, 'Concurrency Other Team');
    const urls = [1, 2, 3, 4, 5].map((page) => running.site.url(`/slow?ms=1000&page=${page}`));
    const batch = await post(running.trawl, '/v2/batch/scrape', { urls, maxConcurrency: 5, timeout: 5_000 });
    expect(batch.status).toBe(200);
    const queue = await until(async () => {
      const status = await client().getQueueStatus();
      return status.waitingJobsInQueue === 4 && status;
    }, "four of the batch's pages to wait for the team's one slot");
    expect(queue).toMatchObject({ jobsInQueue: 5, activeJobsInQueue: 1, maxConcurrency: 1 });

    // Another team's scrape meanwhile takes a slot of its own team at once.
    const [scrape, theirs] = await Promise.all([
      post(running.trawl, '/v2/scrape', {
        url: running.site.url('/articles/tide-pools?behind=batch'),
        timeout: 30_000,
      }),
      post(
        running.trawl,
        '/v2/scrape',
        { url: running.site.url('/articles/survey?team=other'), timeout: 30_000 },
        { apiKey: other.key },
      ),
    ]);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.metadata.concurrencyLimited).toBe(false);
    expect(scrape.status).toBe(200);
    expect(scrape.body.data.metadata.concurrencyLimited).toBe(true);

    // Pages that waited longer than their timeout for the slot are not stalled: all five complete.
    const done = await until(async () => {
      const status = await fetch(`${running.trawl.baseUrl}/v2/batch/scrape/${batch.body.id}`, {
        headers: { authorization: `Bearer ${running.trawl.apiKey}` },
      }).then((response) => response.json());
      return status.status !== 'scraping' && status;
    }, 'the batch to end');
    expect(done).toMatchObject({ status: 'completed', total: 5, completed: 5 });
    // One at a time: the page holding the slot, then the scrape, then the other pages.
    const fetched = running.site.requests
      .map((request) => request.path)
      .filter((path) => path.includes('page=') || path.includes('behind=batch'));
    expect(fetched).toHaveLength(6);
    expect(fetched[1]).toBe('/articles/tide-pools?behind=batch');
    expect((await client().getQueueStatus()).jobsInQueue).toBe(0);
  });

  it("counts a monitor check's pages with the team's scrapes: they wait in its queue, and a scrape goes first", async () => {
    const urls = [1, 2, 3].map((page) => running.site.url(`/slow?ms=1000&monitor=${page}`));
    const created = await call(running.trawl, 'POST', '/v2/monitor', {
      name: 'Slow pages',
      schedule: { cron: '0 9 * * *' },
      targets: [{ type: 'scrape', urls }],
    });
    expect(created.status).toBe(200);
    const run = await call(running.trawl, 'POST', `/v2/monitor/${created.body.data.id}/run`);
    expect(run.status).toBe(200);
    const queue = await until(async () => {
      const status = await client().getQueueStatus();
      return status.waitingJobsInQueue === 2 && status;
    }, "two of the check's pages to wait for the team's one slot");
    expect(queue).toMatchObject({ jobsInQueue: 3, activeJobsInQueue: 1 });

    const scrape = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/tide-pools?behind=monitor'),
      timeout: 30_000,
    });
    expect(scrape.status).toBe(200);
    expect(scrape.body.data.metadata.concurrencyLimited).toBe(true);

    const check = await finishedCheck(running.trawl, created.body.data.id, run.body.id);
    expect(check.data).toMatchObject({ status: 'completed', summary: { totalPages: 3, new: 3, error: 0 } });
    // One at a time: the page holding the slot, then the scrape, then the other pages.
    const fetched = running.site.requests
      .map((request) => request.path)
      .filter((path) => path.includes('monitor'));
    expect(fetched).toHaveLength(4);
    expect(fetched[1]).toBe('/articles/tide-pools?behind=monitor');
    expect((await client().getQueueStatus()).jobsInQueue).toBe(0);
  });

  it("drops the waiting pages of a batch cancelled while they wait for the team's slot", async () => {
    const urls = [1, 2, 3].map((page) => running.site.url(`/slow?ms=2000&cancelled=${page}`));
    const batch = await post(running.trawl, '/v2/batch/scrape', { urls, maxConcurrency: 3 });
    await until(async () => (await client().getQueueStatus()).waitingJobsInQueue === 2, 'two pages to wait');
    const cancelled = await fetch(`${running.trawl.baseUrl}/v2/batch/scrape/${batch.body.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    });
    expect(cancelled.status).toBe(200);
    await until(async () => (await client().getQueueStatus()).jobsInQueue === 0, 'the queue to empty');
    const fetched = running.site.requests
      .map((request) => request.path)
      .filter((path) => path.includes('cancelled='));
    expect(fetched).toHaveLength(1);
  });
});
