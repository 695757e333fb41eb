import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { buildTestPdf } from '../../libs/pdf/src/testing/build-test-pdf.js';
import { CRAWLED_SECTION_PAGES } from '../fixtures/site/fixture-site.js';
import { createTeam, operatorCli } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { freePort } from '../support/trawl-process.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Debug logs, so that the search below also covers what Trawl logs when asked to say the most.
const running = trawlWithSite({ env: { LOG_LEVEL: 'debug' } });

const unique = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Where `marker` occurs: every file of the data dir, every message of the run's NATS streams, logs, metrics. */
async function placesHolding(marker: string): Promise<string[]> {
  const hits: string[] = [];
  const files = await readdir(running.trawl.dataDir, { recursive: true, withFileTypes: true });
  for (const file of files.filter((entry) => entry.isFile())) {
    const path = join(file.parentPath, file.name);
    if ((await readFile(path)).includes(marker)) hits.push(`file ${path}`);
  }
  const nc = await connect({ servers: '127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = running.trawl.prefix;
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name;
      if (!(name === `${prefix.toUpperCase()}_EVENTS` || name.includes(`_${prefix}_`))) continue;
      for (
        let seq = stream.state.first_seq;
        seq <= stream.state.last_seq && stream.state.messages > 0;
        seq++
      ) {
        const message = await jsm.streams.getMessage(name, { seq }).catch(() => null);
        if (!message) continue;
        const text = `${message.subject} ${message.header?.toString() ?? ''} ${Buffer.from(message.data).toString('latin1')}`;
        if (text.includes(marker)) hits.push(`NATS ${name} #${seq} (${message.subject})`);
      }
    }
  } finally {
    await nc.close();
  }
  if (running.trawl.logs().includes(marker)) hits.push('logs');
  const metrics = await (await fetch(`${running.trawl.baseUrl}/metrics`)).text();
  if (metrics.includes(marker)) hits.push('metrics');
  return hits;
}

describe('zero data retention', () => {
  it('is refused unless the operator enabled it for the team, and with options that keep data', async () => {
    const team = await createTeam(running.trawl, 'no-zdr');
    // `trawl teams list` shows the operator the team, not allowed zero data retention.
    const listed = await until(
      async () =>
        ((await operatorCli(running.trawl, 'teams', 'list')) as { teamId: string }[]).find(
          (each) => each.teamId === team.teamId,
        ),
      'the team in the list',
    );
    expect(listed).toMatchObject({
      name: 'no-zdr',
      zeroDataRetention: false,
      keys: [{ keyId: team.keyId, label: 'default' }],
    });
    const refused = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true },
      { apiKey: team.key },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refused.body.error).toContain('zeroDataRetention is not enabled for this team');
    const withScreenshot = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true, formats: ['screenshot'] },
      { apiKey: team.key },
    );
    expect(withScreenshot.status).toBe(400);
    expect(withScreenshot.body.error).toContain('formats.screenshot');
  });

  it('leaves no trace of the page or its URL in any store, stream, log or metric; only a contentless charge', async () => {
    const team = await createTeam(running.trawl, 'zdr');
    expect(await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on')).toEqual({
      teamId: team.teamId,
      zeroDataRetention: true,
    });
    const zdrScrape = (url: string, extra: Record<string, unknown> = {}) =>
      post(running.trawl, '/v2/scrape', { url, zeroDataRetention: true, ...extra }, { apiKey: team.key });
    await until(
      async () => (await zdrScrape(running.site.url('/articles/tide-pools'))).status === 200,
      'ZDR on',
    );

    // Control: an ordinary scrape of a marked page leaves the marker behind, so the search works.
    const control = unique('ctl');
    const ordinary = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url(`/echo-headers?m=${control}`), headers: { 'x-marker': control } },
      { apiKey: team.key },
    );
    expect(ordinary.body.data.markdown).toContain(control);

    const marker = unique('zdr');
    const scraped = await zdrScrape(running.site.url(`/echo-headers?m=${marker}`), {
      headers: { 'x-marker': marker },
      formats: ['markdown', 'rawHtml', 'links'],
      actions: [{ type: 'executeJavascript', script: 'return document.title + location.search' }],
    });
    expect(scraped.status).toBe(200);
    expect(scraped.body.data.markdown).toContain(marker);
    expect(scraped.body.data.rawHtml).toContain(marker);
    expect(scraped.body.data.metadata).toMatchObject({
      sourceURL: running.site.url(`/echo-headers?m=${marker}`),
      // A page, and 1 for zero data retention.
      creditsUsed: 2,
    });
    expect(scraped.body.data.actions.javascriptReturns[0].value).toContain(marker);
    // A PDF is parsed in the api's memory; an uploaded file (every parse) is too.
    running.site.serve(
      `/files/${marker}.pdf`,
      'application/pdf',
      Buffer.from(buildTestPdf([[{ text: `Notice ${marker}`, x: 72, y: 760, size: 14 }]])),
    );
    const pdf = await zdrScrape(running.site.url(`/files/${marker}.pdf`));
    expect(pdf.body.data.markdown).toContain(`Notice ${marker}`);
    expect(pdf.body.data.metadata).toMatchObject({ numPages: 1, creditsUsed: 2 });
    const form = new FormData();
    form.append('file', new Blob([`<html><body><h1>Upload ${marker}</h1></body></html>`]), `${marker}.html`);
    const parsed = await fetch(`${running.trawl.baseUrl}/v2/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.key}` },
      body: form,
    }).then((response) => response.json());
    expect(parsed.data).toMatchObject({
      markdown: `# Upload ${marker}`,
      metadata: { sourceFile: `${marker}.html` },
    });
    // Lockdown counts as zero data retention too: a miss leaves nothing either.
    const locked = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url(`/lockdown?m=${marker}`), lockdown: true },
      { apiKey: team.key },
    );
    expect(locked.status).toBe(404);

    // Billing still counts: wait for every charge (control, ZDR warm-up, marker page, PDF and upload, lockdown miss).
    const charges = await until(async () => {
      const usage = await fetch(`${running.trawl.baseUrl}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${team.key}` },
      }).then((response) => response.json());
      return usage.data.creditsUsed >= 6 && usage.data.creditsUsed;
    }, 'the charges');
    expect(charges).toBeGreaterThanOrEqual(6);

    expect((await placesHolding(control)).length).toBeGreaterThan(0);
    expect(await placesHolding(marker)).toEqual([]);
  });
  it('holds a zero-data-retention batch scrape in memory: the SDK reads, pages and cancels it, nothing is stored', async () => {
    const team = await createTeam(running.trawl, 'zdr-batch');
    const other = await createTeam(running.trawl, 'zdr-batch-other');
    await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on');
    const batch = (body: Record<string, unknown>, apiKey = team.key) =>
      post(running.trawl, '/v2/batch/scrape', { zeroDataRetention: true, ...body }, { apiKey });
    // Before the operator's switch is read: refused like a scrape; so is a webhook, whose deliveries are stored.
    await until(
      async () => (await batch({ urls: [running.site.url('/articles/tide-pools')] })).status === 200,
      'ZDR on',
    );
    expect(await batch({ urls: [running.site.url('/articles/tide-pools')] }, other.key)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const withWebhook = await batch({
      urls: [running.site.url('/articles/tide-pools')],
      webhook: 'http://127.0.0.1:9/',
    });
    expect(withWebhook.status).toBe(400);
    expect(withWebhook.body.error).toContain('webhook cannot be combined with zeroDataRetention');

    const marker = unique('zdrbatch');
    running.site.serve(
      `/files/${marker}.pdf`,
      'application/pdf',
      Buffer.from(buildTestPdf([[{ text: `Notice ${marker}`, x: 72, y: 760, size: 14 }]])),
    );
    const urls = [
      running.site.url(`/echo-headers?m=${marker}`),
      running.site.url(`/files/${marker}.pdf`),
      // Not a readable PDF: the page's failure is in the batch's errors.
      running.site.url(`/doc.pdf?m=${marker}`),
    ];
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: team.key });
    const job = await client.batchScrape(urls, {
      options: { headers: { 'x-marker': marker } },
      zeroDataRetention: true,
      pollInterval: 1,
    });
    expect(job).toMatchObject({ status: 'completed', total: 3, completed: 3, creditsUsed: 4 });
    expect(job.data.map((document) => document.markdown).sort()).toEqual([
      expect.stringContaining(`"x-marker":"${marker}"`),
      expect.stringContaining(`Notice ${marker}`),
    ]);
    const errors = await client.getBatchScrapeErrors(job.id as string);
    expect(errors.errors).toEqual([
      expect.objectContaining({ url: running.site.url(`/doc.pdf?m=${marker}`), code: 'SCRAPE_PDF_INVALID' }),
    ]);
    // Paged as a stored batch is, and as unknown to another team.
    const read = (query: string, apiKey: string) =>
      fetch(`${running.trawl.baseUrl}/v2/batch/scrape/${job.id}${query}`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
    const firstPage = await (await read('?limit=1', team.key)).json();
    expect(firstPage).toMatchObject({ status: 'completed', data: [expect.anything()] });
    expect(firstPage.next).toContain(`/v2/batch/scrape/${job.id}?skip=1&limit=1`);
    expect((await read('', other.key)).status).toBe(404);
    // Nothing can be appended to it: its URLs are in one api's memory.
    const append = await post(
      running.trawl,
      '/v2/batch/scrape',
      { urls: [running.site.url('/articles/tide-pools')], appendToId: job.id },
      { apiKey: team.key },
    );
    expect([append.status, append.body.details]).toEqual([
      400,
      [{ path: ['appendToId'], message: 'appendToId names a zero-data-retention batch' }],
    ]);
    // Another api instance reads it too: it asks the one holding the batch.
    const port = await freePort();
    running.trawl.spawnApp('api', { PORT: String(port) });
    const second = new Firecrawl({ apiUrl: `http://127.0.0.1:${port}`, apiKey: team.key });
    await until(
      () => fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined),
      'the second api',
      60_000,
    );
    expect(await second.getBatchScrapeStatus(job.id as string)).toMatchObject({
      status: 'completed',
      completed: 3,
      data: [expect.anything(), expect.anything()],
    });
    expect((await second.getBatchScrapeErrors(job.id as string)).errors).toHaveLength(1);

    // Cancelled while its first slow page runs: as a stored batch, it records and dispatches no more pages.
    const slow = await batch({
      urls: Array.from({ length: 6 }, (_, index) => running.site.url(`/slow?ms=1500&m=${marker}&n=${index}`)),
      maxConcurrency: 1,
    });
    expect(await client.cancelBatchScrape(slow.body.id)).toBe(true);
    // Long enough for the first page to end and a second to start, were the batch still running.
    await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/slow?ms=3000&after=cancel') },
      { apiKey: team.key },
    );
    expect(await client.getBatchScrapeStatus(slow.body.id)).toMatchObject({
      status: 'cancelled',
      total: 6,
      completed: 0,
      data: [],
    });
    expect(
      running.site.requests.filter((request) => request.path.startsWith(`/slow?ms=1500&m=${marker}`)),
    ).toHaveLength(1);

    expect(await placesHolding(marker)).toEqual([]);
  });

  it('runs a zero-data-retention crawl in memory as core runs a stored one; a monitor refuses zero data retention', async () => {
    const team = await createTeam(running.trawl, 'zdr-crawl');
    await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on');
    await until(
      async () =>
        (
          await post(
            running.trawl,
            '/v2/scrape',
            { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true },
            { apiKey: team.key },
          )
        ).status === 200,
      'ZDR on',
    );
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: team.key });
    // The same crawl as the stored one of test/crawl: links, sitemaps, robots.txt, scope and traps alike.
    const job = await client.crawl(running.site.url('/crawl/'), {
      excludePaths: ['^/crawl/calendar'],
      ignoreQueryParameters: true,
      zeroDataRetention: true,
      pollInterval: 1,
      timeout: 120,
    });
    const paths = job.data.map((document) => new URL(document.metadata?.sourceURL as string).pathname).sort();
    expect(paths).toEqual(CRAWLED_SECTION_PAGES);
    // Six pages at 2 credits each: a page, and 1 for zero data retention.
    expect(job).toMatchObject({ status: 'completed', total: 7, completed: 7, creditsUsed: 12 });
    expect(job.data.find((document) => document.markdown?.includes('# Chapter 1'))).not.toHaveProperty(
      'pageLinks',
    );
    const errors = await client.getCrawlErrors(job.id as string);
    expect(errors.robotsBlocked).toEqual([running.site.url('/crawl/private/secret')]);
    expect(errors.errors.map((error) => error.url)).toEqual([running.site.url('/crawl/loop/a')]);
    // A page only the crawl found, by address and by text, is nowhere but in the answer.
    expect(await placesHolding(running.site.url('/crawl/guide/chapter-2'))).toEqual([]);
    expect(await placesHolding('Chapter 2')).toEqual([]);

    // Listed as active while it runs (a second between pages keeps it running), as a stored crawl is.
    const slow = await client.startCrawl(running.site.url('/crawl/'), {
      zeroDataRetention: true,
      delay: 1,
      limit: 4,
    });
    expect((await client.getActiveCrawls()).crawls).toEqual([
      expect.objectContaining({ id: slow.id, url: running.site.url('/crawl/') }),
    ]);
    expect(await client.cancelCrawl(slow.id)).toBe(true);
    expect((await client.getActiveCrawls()).crawls).toEqual([]);

    const monitor = (target: Record<string, unknown>) =>
      post(
        running.trawl,
        '/v2/monitor',
        { name: 'zdr', schedule: { cron: '0 * * * *' }, targets: [target] },
        { apiKey: team.key },
      );
    const refusals = [
      await monitor({
        type: 'scrape',
        urls: [running.site.url('/articles/tide-pools')],
        scrapeOptions: { zeroDataRetention: true },
      }),
      await monitor({
        type: 'crawl',
        url: running.site.url('/crawl/'),
        crawlOptions: { zeroDataRetention: true },
      }),
    ];
    expect(refusals.map(({ status, body }) => [status, body.details])).toEqual([
      [
        400,
        [
          {
            path: ['targets[0]'],
            message: expect.stringContaining('zeroDataRetention: its checks keep every page'),
          },
        ],
      ],
      [
        400,
        [
          {
            path: ['targets[0]'],
            message: expect.stringContaining('zeroDataRetention: its checks keep every page'),
          },
        ],
      ],
    ]);
  });
  it('searches the local index end to end with zero data retention: results scraped as zero-data-retention pages', async () => {
    const team = await createTeam(running.trawl, 'zdr-search');
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: team.key });
    const path = `/files/${unique('keeper')}.html`;
    const page = (words: string) =>
      running.site.serve(
        path,
        'text/html',
        Buffer.from(`<html><body><main><h1>Lighthouse keepers</h1><p>${words}</p></main></body></html>`),
      );
    // An ordinary scrape puts the page in the team's index; the page then changes.
    page('The keepers trimmed the lamp every night.');
    await client.scrape(running.site.url(path), { formats: ['markdown'] });
    const marker = unique('lamp');
    page(`The keepers trimmed the lamp every night. ${marker}`);
    const query = {
      limit: 1,
      // maxAge 0: the page as it is now, not the team's cached copy.
      scrapeOptions: { formats: ['markdown' as const], maxAge: 0 },
      enterprise: ['zdr' as const],
    };
    // Three of its four words find the page; the fourth shows whether the query is kept anywhere.
    const asked = `lighthouse keepers lamp ${unique('query')}`;
    await expect(client.search(asked, query)).rejects.toMatchObject({ status: 403 });

    await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on');
    const found = await until(
      () => client.search(asked, query).catch(() => undefined),
      'the zero-data-retention search',
    );
    const [result] = found.web as Array<{
      url: string;
      markdown?: string;
      metadata?: Record<string, unknown>;
    }>;
    expect(result.url).toBe(running.site.url(path));
    expect(result.markdown).toContain(marker);
    // A page, and 1 for zero data retention.
    expect(result.metadata?.creditsUsed).toBe(2);
    expect(await placesHolding(marker)).toEqual([]);
    expect(await placesHolding(asked.split(' ')[3])).toEqual([]);
  });
});
