import { call, runCheck } from '../support/monitor-client.js';

import { download } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();

/**
 * Team A creates one of everything; team B, with its own valid key, asks for each of A's resources
 * by id and gets 404 (never 403, which would confirm the id exists, and never A's data). Team A
 * reads the same ids successfully, so each 404 is isolation, not a missing resource.
 */
describe('team isolation', () => {
  it("answers 404 to another team for every read, update and delete of a team's resources", async () => {
    const { trawl, site } = running;
    const teamB = await issueKeyWithCli(trawl.env, trawl.logs);
    const asA = (method: string, path: string, body?: unknown) => call(trawl, method, path, body);
    const asB = (method: string, path: string, body?: unknown) => call(trawl, method, path, body, teamB);

    // Team A: a scrape with a screenshot (a file) and a change-tracking baseline (and so a cache entry),
    // a profile with a live interact session, a monitor with a check, a crawl and a batch.
    const pageUrl = site.url('/articles/tide-pools');
    const scraped = await asA('POST', '/v2/scrape', {
      url: pageUrl,
      formats: ['markdown', 'screenshot', { type: 'changeTracking', modes: ['git-diff'] }],
    });
    expect(scraped.status).toBe(200);
    const scrapeId = scraped.body.data.metadata.scrapeId;
    const login = await asA('POST', '/v2/scrape', {
      url: site.url('/login'),
      formats: ['markdown'],
      profile: { name: 'harbour', saveChanges: true },
    });
    expect(login.status).toBe(200);
    const sessionScrapeId = login.body.data.metadata.scrapeId;
    const monitor = await asA('POST', '/v2/monitor', {
      name: 'Tides',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', url: pageUrl }],
    });
    expect(monitor.status).toBe(200);
    const monitorId = monitor.body.data.id;
    const checkId = (await runCheck(trawl, monitorId)).data.id;
    const crawl = await asA('POST', '/v2/crawl', { url: site.url('/crawl/'), limit: 2, sitemap: 'skip' });
    const batch = await asA('POST', '/v2/batch/scrape', { urls: [pageUrl] });
    const crawlId = crawl.body.id;
    const batchId = batch.body.id;
    for (const job of [`/v2/crawl/${crawlId}`, `/v2/batch/scrape/${batchId}`]) {
      await until(async () => (await asA('GET', job)).body.status === 'completed', job);
    }

    // Team B's own monitor, to ask for A's check under an id B may read.
    const ownMonitor = await asB('POST', '/v2/monitor', {
      name: 'Mine',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', url: site.url('/') }],
    });
    expect(ownMonitor.status).toBe(200);

    const interact = { code: 'return document.title' };
    const matrix: [string, string, unknown?][] = [
      ['POST', `/v2/scrape/${scrapeId}/interact`, interact],
      ['POST', `/v2/scrape/${sessionScrapeId}/interact`, interact],
      ['GET', `/v2/monitor/${monitorId}`],
      ['PATCH', `/v2/monitor/${monitorId}`, { name: 'Taken over' }],
      ['POST', `/v2/monitor/${monitorId}/run`, {}],
      ['GET', `/v2/monitor/${monitorId}/checks`],
      ['GET', `/v2/monitor/${monitorId}/checks/${checkId}`],
      ['GET', `/v2/monitor/${ownMonitor.body.data.id}/checks/${checkId}`],
      ['GET', `/v2/crawl/${crawlId}`],
      ['GET', `/v2/crawl/${crawlId}/errors`],
      ['GET', `/v2/batch/scrape/${batchId}`],
      ['GET', `/v2/batch/scrape/${batchId}/errors`],
      ['DELETE', `/v2/crawl/${crawlId}`],
      ['DELETE', `/v2/batch/scrape/${batchId}`],
      ['DELETE', `/v2/monitor/${monitorId}`],
      ['DELETE', `/v2/scrape/${sessionScrapeId}/interact`],
    ];
    const answers = [];
    for (const [method, path, body] of matrix) {
      const { status, body: answer } = await asB(method, path, body);
      answers.push({ method, path, status, success: answer.success });
      expect(JSON.stringify(answer)).not.toContain('Tide pools');
    }
    expect(answers).toEqual(matrix.map(([method, path]) => ({ method, path, status: 404, success: false })));

    // Nothing leaked into B's credits (B has scraped nothing yet), lists, cache, change history or profile.
    const usage = await asB('GET', '/v2/team/credit-usage');
    expect(usage.body.data.creditsUsed).toBe(0);
    const monitors = await asB('GET', '/v2/monitor');
    expect(monitors.body.data.map((m: { id: string }) => m.id)).toEqual([ownMonitor.body.data.id]);
    const lockdown = await asB('POST', '/v2/scrape', { url: pageUrl, lockdown: true });
    expect(lockdown).toMatchObject({ status: 404, body: { code: 'SCRAPE_LOCKDOWN_CACHE_MISS' } });
    const tracked = await asB('POST', '/v2/scrape', {
      url: pageUrl,
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }],
    });
    expect(tracked.body.data.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    const profile = await asB('POST', '/v2/scrape', {
      url: site.url('/account'),
      formats: ['markdown'],
      profile: { name: 'harbour', saveChanges: false },
    });
    expect(profile.body.data.markdown).toContain('Session: none');

    // A file is reached by its signed URL only: B cannot forge one for A's screenshot.
    const file = new URL(scraped.body.data.screenshot);
    const forged = await fetch(
      `${trawl.baseUrl}${file.pathname}?expires=${file.searchParams.get('expires')}&signature=0`,
    );
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'FORBIDDEN' });
    // Read to the end: an unread body holds its keep-alive socket to the shared Trawl (and the Jest worker).
    const screenshot = await download(file);
    expect(screenshot.status).toBe(200);
    expect(screenshot.type).toBe('image/png');
    expect(screenshot.bytes.subarray(1, 4).toString()).toBe('PNG');

    // Team A still reaches everything B was refused (so the 404s above were isolation), and B changed nothing.
    const owner = [
      await asA('GET', `/v2/monitor/${monitorId}`),
      await asA('GET', `/v2/monitor/${monitorId}/checks/${checkId}`),
      await asA('GET', `/v2/crawl/${crawlId}`),
      await asA('GET', `/v2/batch/scrape/${batchId}`),
      await asA('POST', `/v2/scrape/${sessionScrapeId}/interact`, interact),
    ];
    expect(owner.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(owner[0].body.data.name).toBe('Tides');
    await until(
      async () => (await asA('GET', '/v2/team/credit-usage')).body.data.creditsUsed > 0,
      "A's charges",
    );
    expect((await asA('DELETE', `/v2/scrape/${sessionScrapeId}/interact`)).status).toBe(200);
  });
});
