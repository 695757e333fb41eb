import { call, runCheck } from '../support/monitor-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const running = sharedTrawlWithSite();
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  hooks = await startWebhookReceiver(() => ({ status: 200 }));
});
afterAll(() => hooks?.close());

interface Page {
  url: string;
  status: string;
  visibility?: string;
  diff: { text: string } | null;
  currentScrapeId: string | null;
  judgment: { meaningful: boolean } | null;
}
const byPath = (pages: Page[]) => Object.fromEntries(pages.map((page) => [new URL(page.url).pathname, page]));

/** A page of the watched section, linking to `links`. */
const watchPage = (title: string, body: string, links: string[] = []) =>
  Buffer.from(
    `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${body}</p>` +
      `<ul>${links.map((href) => `<li><a href="${href}">${href}</a></li>`).join('')}</ul></main></body></html>`,
  );

describe('monitors with crawl and search targets', () => {
  it('re-crawls each check: changed pages, pages only reachable directly (hidden) and gone ones (removed)', async () => {
    const { trawl, site } = running;
    const serve = (path: string, body: Buffer) => site.serve(path, 'text/html; charset=utf-8', body);
    serve(
      '/watch/',
      watchPage('Watch', 'Start of the watched section.', ['/watch/a', '/watch/b', '/watch/c']),
    );
    serve('/watch/a', watchPage('Tides A', 'High tide at 06:00.'));
    serve('/watch/b', watchPage('Tides B', 'Low tide at 12:00.'));
    serve('/watch/c', watchPage('Tides C', 'Storm warning.'));

    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Watched section',
      schedule: { text: 'daily' },
      targets: [{ type: 'crawl', url: site.url('/watch/'), crawlOptions: { sitemap: 'skip', limit: 20 } }],
      goal: 'a storm warning',
      webhook: { url: hooks.url, events: ['monitor.page'] },
    });
    expect(created.status).toBe(200);
    expect(created.body.data.targets[0]).toMatchObject({ type: 'crawl', id: expect.any(String) });
    const monitorId = created.body.data.id;

    const first = await runCheck(trawl, monitorId);
    expect(first.data.status).toBe('completed');
    const firstPages = byPath(first.data.pages);
    expect(Object.keys(firstPages).sort()).toEqual(['/watch/', '/watch/a', '/watch/b', '/watch/c']);
    expect(Object.values(firstPages).map((page) => [page.status, page.visibility])).toEqual(
      Array(4).fill(['new', 'visible']),
    );
    // At the first check every page is new: none is judged, not even the storm warning.
    expect(Object.values(firstPages).map((page) => page.judgment)).toEqual(Array(4).fill(null));

    // /watch/a changes; /watch/b is no longer linked but still there; /watch/c is gone.
    serve('/watch/', watchPage('Watch', 'Start of the watched section.', ['/watch/a']));
    serve('/watch/a', watchPage('Tides A', 'High tide at 07:30.'));
    site.unserve('/watch/c');

    const second = await runCheck(trawl, monitorId);
    const pages = byPath(second.data.pages);
    expect(
      Object.fromEntries(Object.entries(pages).map(([path, p]) => [path, [p.status, p.visibility]])),
    ).toEqual({
      '/watch/': ['changed', 'visible'],
      '/watch/a': ['changed', 'visible'],
      '/watch/b': ['same', 'hidden'],
      '/watch/c': ['removed', 'hidden'],
    });
    expect(pages['/watch/a'].diff?.text).toMatch(/^\+High tide at 07:30\.$/m);
    // The check names the crawl it ran; the crawl is readable like any other.
    const crawlId = second.data.targetResults[0].crawlId;
    expect(second.data.targetResults).toEqual([
      { targetId: created.body.data.targets[0].id, type: 'crawl', crawlId: expect.any(String) },
    ]);
    const crawl = await call(trawl, 'GET', `/v2/crawl/${crawlId}`);
    expect(crawl.body).toMatchObject({ status: 'completed', total: 2 });
    expect(second.data.summary).toEqual({ totalPages: 4, same: 1, changed: 2, new: 0, removed: 1, error: 0 });
    // Its monitor.page calls say the same of each page.
    const secondCalls = await until(async () => {
      const items = hooks.calls
        .map((received) => JSON.parse(received.body))
        .filter((payload) => payload.id === second.data.id)
        .flatMap((payload) => payload.data as Page[]);
      return items.length === 4 ? items : undefined;
    }, "the second check's monitor.page calls");
    expect(
      Object.fromEntries(
        secondCalls.map((item) => [new URL(item.url).pathname, [item.status, item.visibility]]),
      ),
    ).toEqual({
      '/watch/': ['changed', 'visible'],
      '/watch/a': ['changed', 'visible'],
      '/watch/b': ['same', 'hidden'],
      '/watch/c': ['removed', 'hidden'],
    });

    // A removed page that no crawl reaches is reported once, then forgotten; a page the crawl finds
    // after the first check is news, judged against the goal when new.
    serve('/watch/', watchPage('Watch', 'Start of the watched section.', ['/watch/a', '/watch/d']));
    serve('/watch/d', watchPage('Tides D', 'Storm warning for Friday.'));
    const third = await runCheck(trawl, monitorId);
    const thirdPages = byPath(third.data.pages);
    expect(Object.keys(thirdPages).sort()).toEqual(['/watch/', '/watch/a', '/watch/b', '/watch/d']);
    expect(thirdPages['/watch/d']).toMatchObject({ status: 'new', judgment: { meaningful: true } });
  });

  it('runs at most two crawl targets at once (MONITOR_CRAWL_CONCURRENCY), the third once one has ended', async () => {
    const { trawl, site } = running;
    // Three monitors whose crawl is one page that takes 4 s to answer, checked at the same moment.
    const monitors = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const created = await call(trawl, 'POST', '/v2/monitor', {
          name: `Slow crawl ${n}`,
          schedule: { cron: '0 0 1 1 *' },
          targets: [
            {
              type: 'crawl',
              url: site.url(`/slow?ms=4000&crawl=${n}`),
              crawlOptions: { sitemap: 'skip', limit: 1 },
            },
          ],
        });
        return created.body.data.id as string;
      }),
    );
    const checks = await Promise.all(monitors.map((id) => runCheck(trawl, id, 120_000)));
    for (const check of checks) expect(check.data.summary).toMatchObject({ totalPages: 1, new: 1 });
    // The third crawl could only start once another had ended, so its check ended a crawl later.
    const finished = checks.map((check) => Date.parse(check.data.finishedAt)).sort((a, b) => a - b);
    expect(finished[2] - finished[0]).toBeGreaterThanOrEqual(3_000);
  });

  it('runs the queries of a search target through the local provider, within its window and domains', async () => {
    const { trawl, site } = running;
    const scraped = await call(trawl, 'POST', '/v2/scrape', { url: site.url('/articles/tide-pools') });
    expect(scraped.status).toBe(200);
    // The local provider searches the pages this team scraped, once the projector indexed them.
    await until(async () => {
      const found = await call(trawl, 'POST', '/v2/search', { query: 'tide pools', limit: 5 });
      return found.body.data.web.some((hit: { url: string }) => hit.url.endsWith('/articles/tide-pools'));
    }, 'the scraped page to be indexed');

    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Tide news',
      schedule: { text: 'hourly' },
      goal: 'news about tide pools',
      targets: [
        {
          type: 'search',
          queries: ['tide pools', 'north coast tide pools'],
          searchWindow: '1h',
          includeDomains: ['127.0.0.1'],
          maxResults: 3,
        },
        { type: 'search', queries: ['tide pools'], searchWindow: '1h', excludeDomains: ['127.0.0.1'] },
      ],
    });
    expect(created.status).toBe(200);
    const monitorId = created.body.data.id;
    const [included, excluded] = created.body.data.targets.map((target: { id: string }) => target.id);

    const first = await runCheck(trawl, monitorId);
    const results = first.data.pages as (Page & { targetId: string })[];
    expect(results.filter((page) => page.targetId === excluded)).toEqual([]);
    const tidePools = results.filter((page) => page.url.endsWith('/articles/tide-pools'));
    expect(tidePools).toHaveLength(1);
    // A new result is judged against the goal when first seen.
    expect(tidePools[0]).toMatchObject({
      targetId: included,
      status: 'new',
      judgment: { meaningful: true, judge: 'local' },
    });
    expect(results.length).toBeLessThanOrEqual(3);
    const counts = first.data.targetResults.find(
      (result: { targetId: string }) => result.targetId === included,
    );
    expect(counts).toMatchObject({ type: 'search', resultCount: results.length });
    expect(counts.matches).toBeGreaterThanOrEqual(1);
    expect(
      first.data.targetResults.find((result: { targetId: string }) => result.targetId === excluded),
    ).toEqual({ targetId: excluded, type: 'search', resultCount: 0, matches: 0 });

    const second = await runCheck(trawl, monitorId);
    expect(second.data.pages.find((page: Page) => page.url.endsWith('/articles/tide-pools'))).toMatchObject({
      status: 'same',
      targetId: included,
    });
  });
});
