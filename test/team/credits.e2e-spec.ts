import Firecrawl from '@mendable/firecrawl-js';
import { call, runCheck } from '../support/monitor-client.js';
import { createTeam, operatorCli, streamHistory } from '../support/operator-cli.js';
import { post, waitUntilCached } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Scrapes sent without pause must meet the credit checks, not the rate limit (600 a minute by default).
const running = trawlWithSite({ env: { RATE_LIMIT_PER_TEAM: '100000' } });

const PRODUCT = { type: 'object', properties: { name: { type: 'string' } } };
const sdk = (apiKey: string) => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey });
const get = async (path: string, apiKey: string) => {
  const response = await fetch(`${running.trawl.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return { status: response.status, body: await response.json() };
};

/** A new team granted `credits` on a trial, with an SDK client on its key, once the grant is readable. */
async function meteredTeam(name: string, credits: number) {
  const team = await createTeam(running.trawl, name);
  await operatorCli(running.trawl, 'credits', 'grant', team.teamId, String(credits), 'trial');
  const client = sdk(team.key);
  await until(async () => (await client.getCreditUsage()).remainingCredits === credits, 'the grant');
  return { team, client };
}

describe('credits', () => {
  it('leaves the local team of `npm start` unmetered by default, counting what it uses', async () => {
    const { status, body } = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/tide-pools'),
    });
    expect(status).toBe(200);
    expect(body.data.metadata.creditsUsed).toBe(1);
    const usage = await until(async () => {
      const { body: answer } = await get('/v2/team/credit-usage', running.trawl.apiKey);
      return answer.data.creditsUsed >= 1 && answer;
    }, 'the charge in the balances read model');
    expect(usage).toEqual({
      success: true,
      data: {
        remainingCredits: 99_999_999,
        planCredits: 99_999_999,
        creditsUsed: 1,
        unlimited: true,
        billingPeriodStart: null,
        billingPeriodEnd: null,
      },
    });
    // The SDK reads a missing count as 0: an unmetered team must not look spent to Firecrawl clients.
    expect(await sdk(running.trawl.apiKey).getCreditUsage()).toMatchObject({ remainingCredits: 99_999_999 });
  });

  it('meters a team with a grant: charges by the rules, and answers 402 before any work once it is spent', async () => {
    const team = await createTeam(running.trawl, 'metered');
    expect(await operatorCli(running.trawl, 'credits', 'grant', team.teamId, '7', 'trial')).toMatchObject({
      teamId: team.teamId,
      credits: 7,
    });
    const client = sdk(team.key);
    await until(async () => (await client.getCreditUsage()).planCredits === 7, 'the grant');

    // A page: 1 credit. The same page under lockdown, from the cache: 5. A lockdown miss: 1.
    const page = running.site.url('/articles/survey');
    const scraped = await client.scrape(page, { formats: ['markdown'] });
    expect(scraped.metadata?.creditsUsed).toBe(1);
    const locked = await client.scrape(page, { formats: ['markdown'], lockdown: true } as never);
    expect(locked.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 5 });
    const miss = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/never-cached'), lockdown: true },
      { apiKey: team.key },
    );
    expect(miss.status).toBe(404);

    const usage = await until(async () => {
      const answer = await client.getCreditUsage();
      return answer.remainingCredits === 0 && answer;
    }, 'three charges');
    expect(usage).toEqual({
      remainingCredits: 0,
      planCredits: 7,
      billingPeriodStart: null,
      billingPeriodEnd: null,
    });

    const fetchesBefore = running.site.requests.length;
    const refused = await post(
      running.trawl,
      '/v2/scrape',
      { url: running.site.url('/articles/tide-pools') },
      { apiKey: team.key },
    );
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      success: false,
      code: 'INSUFFICIENT_CREDITS',
      error: expect.stringContaining('no credits left'),
    });
    await expect(client.scrape(running.site.url('/articles/tide-pools'))).rejects.toMatchObject({
      status: 402,
    });
    // Nor does any job that scrapes start: a crawl, a batch, an extract or a search.
    const jobs: [string, Record<string, unknown>][] = [
      ['/v2/crawl', { url: running.site.url('/crawl/'), limit: 3 }],
      ['/v2/batch/scrape', { urls: [running.site.url('/articles/lighthouse')] }],
      ['/v2/extract', { urls: [running.site.url('/articles/lighthouse')], schema: PRODUCT }],
      ['/v2/search', { query: 'tide pools', scrapeOptions: { formats: ['markdown'] } }],
    ];
    for (const [path, body] of jobs) {
      const job = await post(running.trawl, path, body, { apiKey: team.key });
      expect([path, job.status, job.body.code]).toEqual([path, 402, 'INSUFFICIENT_CREDITS']);
    }
    expect(running.site.requests.length).toBe(fetchesBefore);

    // Another grant makes the team work again; other teams never see its balance.
    await operatorCli(running.trawl, 'credits', 'grant', team.teamId, '2');
    await until(async () => (await client.getCreditUsage()).remainingCredits === 2, 'the second grant');
    expect((await client.scrape(running.site.url('/articles/tide-pools'))).metadata?.creditsUsed).toBe(1);
    expect((await get('/v2/team/credit-usage', running.trawl.apiKey)).body.data.unlimited).toBe(true);

    // 1 + 5 + 1 + 1 credits, month by month (UTC): one month, unless the test ran over a month's end.
    type Period = { startDate: string; endDate: string; creditsUsed: number };
    const total = (periods: Period[]) => periods.reduce((sum, period) => sum + period.creditsUsed, 0);
    const history = await until(async () => {
      const answer = await client.getCreditUsageHistorical();
      return total(answer.periods as Period[]) === 8 && answer;
    }, 'the last charge in the monthly usage');
    const month = new Date().toISOString().slice(0, 7);
    expect(history.periods.at(-1)).toEqual({
      startDate: `${month}-01T00:00:00.000Z`,
      endDate: expect.stringMatching(new RegExp(`^${month}-(28|29|30|31)T23:59:59.999Z$`)),
      creditsUsed: expect.any(Number),
    });
  });

  it('holds what running scrapes will cost: a burst cannot spend more than the team has left', async () => {
    const { team } = await meteredTeam('burst', 3);
    // Eight scrapes at once, each of a page that takes a second: three credits run three of them.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post(
          running.trawl,
          '/v2/scrape',
          { url: running.site.url(`/slow?ms=1000&burst=${index}`) },
          { apiKey: team.key },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    const refused = answers.find((answer) => answer.status === 402);
    expect(refused?.body).toMatchObject({ success: false, code: 'INSUFFICIENT_CREDITS' });
    expect(refused?.body.error).toContain('its running scrapes hold the rest');
    const usage = await until(async () => {
      const answer = await sdk(team.key).getCreditUsage();
      return answer.remainingCredits === 0 && answer;
    }, 'three charges');
    expect(usage).toMatchObject({ remainingCredits: 0, planCredits: 3 });
  });

  it('lets go of a scrape’s hold only once the balance counts its charge: scrapes right after it are refused', async () => {
    const { team } = await meteredTeam('after', 1);
    const scrape = (path: string) =>
      post(running.trawl, '/v2/scrape', { url: running.site.url(path) }, { apiKey: team.key });
    // One credit: a slow scrape holds it, and once the site sees its fetch (so it holds the credit),
    // others ask without pause until well after it answered.
    let answered = false;
    const firstPath = '/slow?ms=1000&after=first';
    const first = scrape(firstPath).finally(() => {
      answered = true;
    });
    await until(() => running.site.requests.some((request) => request.path === firstPath), 'the first fetch');
    const askAgain = async (loop: number) => {
      const statuses: number[] = [];
      for (let index = 0, afterAnswer = 0; afterAnswer < 15; index++) {
        if (answered) afterAnswer++;
        statuses.push((await scrape(`/articles/survey?after=${loop}-${index}`)).status);
      }
      return statuses;
    };
    const [firstAnswer, ...loops] = await Promise.all([first, askAgain(1), askAgain(2), askAgain(3)]);
    expect(firstAnswer.status).toBe(200);
    expect(new Set(loops.flat())).toEqual(new Set([402]));
    const usage = await until(async () => {
      const answer = await sdk(team.key).getCreditUsage();
      return answer.remainingCredits === 0 && answer;
    }, 'the one charge');
    expect(usage).toMatchObject({ remainingCredits: 0, planCredits: 1 });
  });

  it('holds what cache hits will cost too: a burst of hits cannot spend more than the team has left', async () => {
    const { team, client } = await meteredTeam('hits', 4);
    const page = running.site.url('/articles/survey?burst=hits');
    expect((await client.scrape(page, { formats: ['markdown'] })).metadata?.creditsUsed).toBe(1);
    await waitUntilCached(running.trawl, page, {}, team.key);
    // Two credits are left: of eight hits at once, at most two are answered from the cache. (A hit
    // lets go of its hold once the balance counts its charge, so for that moment both count, and a
    // loaded machine may see a hit refused that the second credit would have paid: never a third.)
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(running.trawl, '/v2/scrape', { url: page }, { apiKey: team.key })),
    );
    const answered = answers.filter((answer) => answer.status === 200);
    expect(answered.length === 1 || answered.length === 2).toBe(true);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(8 - answered.length);
    for (const answer of answered) {
      expect(answer.body.data.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 1 });
    }
    const remaining = 2 - answered.length;
    const usage = await until(async () => {
      const answer = await client.getCreditUsage();
      return answer.remainingCredits === remaining && answer;
    }, 'the charges');
    expect(usage).toMatchObject({ remainingCredits: remaining, planCredits: 4 });
  });

  it("reads no more pages in a crawl or a batch than the team's credits left pay for, as Firecrawl checks them", async () => {
    const { team, client } = await meteredTeam('crawler', 2);
    const crawl = await client.crawl(running.site.url('/crawl/'), {
      limit: 10,
      scrapeOptions: { maxAge: 0 },
      pollInterval: 1,
    });
    expect(crawl).toMatchObject({ status: 'completed', total: 2, creditsUsed: 2 });
    expect(crawl.data).toHaveLength(2);

    // A batch whose pages cost more than what is left is refused before any page is scraped.
    await operatorCli(running.trawl, 'credits', 'grant', team.teamId, '2');
    await until(async () => (await client.getCreditUsage()).remainingCredits === 2, 'the second grant');
    const pages = ['/articles/tide-pools', '/articles/lighthouse', '/articles/survey'].map((path) =>
      running.site.url(`${path}?batch-credits`),
    );
    const fetchesBefore = running.site.requests.length;
    const refused = await post(running.trawl, '/v2/batch/scrape', { urls: pages }, { apiKey: team.key });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toContain('3 pages cost at least 3 credits and this team has 2 left');
    expect(running.site.requests.length).toBe(fetchesBefore);
    const affordable = await client.batchScrape(pages.slice(0, 2), { pollInterval: 1 });
    expect(affordable).toMatchObject({ status: 'completed', completed: 2, creditsUsed: 2 });
  });

  it('returns a crawled page once when its old address redirects to it, and gives back the charge of that read', async () => {
    const { team, client } = await meteredTeam('mover', 5);
    const crawl = await client.crawl(running.site.url('/moved/'), {
      sitemap: 'skip',
      scrapeOptions: { maxAge: 0 },
      pollInterval: 1,
      timeout: 120,
    });
    expect(crawl).toMatchObject({ status: 'completed', total: 3, completed: 3, creditsUsed: 2 });
    expect(crawl.data.map((page) => new URL(page.metadata?.url as string).pathname).sort()).toEqual([
      '/moved/',
      '/moved/new',
    ]);
    const { errors } = await client.getCrawlErrors(crawl.id);
    expect(errors).toEqual([
      expect.objectContaining({ url: running.site.url('/moved/old'), code: 'SCRAPE_RACED_REDIRECT_ERROR' }),
    ]);
    // All three pages were read and charged; the one not returned is refunded.
    expect(running.site.requests.filter((request) => request.path === '/moved/old')).toHaveLength(1);
    const ledger = await until(async () => {
      const events = await streamHistory(running.trawl, `credits-${team.teamId}`);
      return events.some((event) => event.type === 'CreditsRefunded') && events;
    }, 'the refund');
    const refunded = ledger.find((event) => event.type === 'CreditsRefunded');
    expect(refunded.data).toMatchObject({ credits: 1, reason: 'SCRAPE_RACED_REDIRECT_ERROR' });
    expect(ledger.filter((event) => event.type === 'CreditsCharged')).toHaveLength(3);
    expect(
      ledger.find(
        (event) => event.type === 'CreditsCharged' && event.data.operationId === refunded.data.operationId,
      ),
    ).toBeDefined();
    await until(async () => (await client.getCreditUsage()).remainingCredits === 3, 'the balance');
  });

  it("stops a batch's pages once scrapes elsewhere spend the team's credits while it runs", async () => {
    const { team, client } = await meteredTeam('spender', 4);
    // One page at a time, the first one slow: the other three wait while the team spends its credits.
    const pages = [
      running.site.url('/slow?ms=6000&spent=1'),
      ...['/articles/tide-pools', '/articles/lighthouse', '/articles/survey'].map((path) =>
        running.site.url(`${path}?spent`),
      ),
    ];
    const batch = await client.startBatchScrape(pages, { maxConcurrency: 1, options: { maxAge: 0 } });
    const scrape = () =>
      post(
        running.trawl,
        '/v2/scrape',
        { url: running.site.url('/articles/harbour-seals'), maxAge: 0 },
        { apiKey: team.key },
      );
    const statuses = await Promise.all([scrape(), scrape(), scrape(), scrape()]);
    // The batch's slow page holds nothing: the four scrapes may spend all four credits.
    expect(statuses.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(3);
    const done = await until(async () => {
      const status = await client.getBatchScrapeStatus(batch.id);
      return status.status === 'completed' && status;
    }, 'the batch to end');
    // The slow page ran and is paid for (it may take the balance below zero); the rest were not read.
    expect(done.data).toHaveLength(1);
    const { errors } = await client.getBatchScrapeErrors(batch.id);
    expect(errors.map((error) => error.code)).toEqual(Array(3).fill('INSUFFICIENT_CREDITS'));
    expect(errors[0]?.error).toBe('The team has no credits left: the page was not scraped');
    expect(running.site.requests.filter((request) => request.path.includes('?spent')).length).toBe(0);
  });

  it('splits the monthly usage by the API key whose requests were charged, crawl, batch and monitor pages included', async () => {
    const team = await createTeam(running.trawl, 'two keys');
    const second = await operatorCli(running.trawl, 'keys', 'create', team.teamId, 'batch jobs');
    const first = sdk(team.key);
    await first.scrape(running.site.url('/articles/survey'), { maxAge: 0 });
    const batch = await sdk(second.key).batchScrape(
      [running.site.url('/articles/lighthouse'), running.site.url('/articles/harbour-seals')],
      { options: { maxAge: 0 }, pollInterval: 1 },
    );
    expect(batch.data).toHaveLength(2);
    // A page the first key appends to the second key's batch is the first key's.
    const appended = await first.startBatchScrape([running.site.url('/articles/tide-pools')], {
      options: { maxAge: 0 },
      appendToId: batch.id,
    });
    expect(appended.id).toBe(batch.id);
    // A monitor's checks are the usage of the key that created it.
    const asSecond = { ...running.trawl, apiKey: second.key };
    const monitor = await call(asSecond, 'POST', '/v2/monitor', {
      name: 'by the second key',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'scrape', urls: [running.site.url('/articles/survey')] }],
      judgeEnabled: false,
    });
    expect(monitor.status).toBe(200);
    expect((await runCheck(asSecond, monitor.body.data.id)).data.summary).toMatchObject({ totalPages: 1 });
    type Period = { startDate: string; apiKey?: string; creditsUsed: number };
    const month = `${new Date().toISOString().slice(0, 7)}-01T00:00:00.000Z`;
    const byKey = await until(async () => {
      const periods = (await first.getCreditUsageHistorical(true)).periods as Period[];
      const thisMonth = periods.filter((period) => period.startDate === month);
      return thisMonth.reduce((sum, period) => sum + period.creditsUsed, 0) === 5 && thisMonth;
    }, 'five charges split by key');
    expect(byKey).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ apiKey: team.keyId, creditsUsed: 2 }),
        expect.objectContaining({ apiKey: second.keyId, creditsUsed: 3 }),
      ]),
    );
    expect(byKey).toHaveLength(2);
    expect((await first.getCreditUsageHistorical()).periods.at(-1)).toMatchObject({ creditsUsed: 5 });
  });

  it('prices formats by the reference rules, in each answer, in a crawl and on the ledger alike', async () => {
    const team = await createTeam(running.trawl, 'format prices');
    const client = sdk(team.key);
    const schema = { type: 'object', properties: { title: { type: 'string' } } };
    // json (the local extractor here) makes a page 5; question adds 4; redactPII 4; the rest is 1.
    const json = await client.scrape(running.site.url('/articles/survey'), {
      formats: [{ type: 'json', schema }],
    });
    expect(json.metadata?.creditsUsed).toBe(5);
    const asked = await client.scrape(running.site.url('/articles/survey'), {
      formats: ['markdown', { type: 'question', question: 'Who wrote it?' } as never],
      redactPII: true,
      maxAge: 0,
    } as never);
    expect(asked.metadata?.creditsUsed).toBe(9);
    // The same json page from the cache costs what a fetched one does.
    const hit = await client.scrape(running.site.url('/articles/survey'), {
      formats: [{ type: 'json', schema }],
    });
    expect(hit.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 5 });
    const crawl = await client.crawl(running.site.url('/crawl/'), {
      limit: 2,
      sitemap: 'skip',
      scrapeOptions: { formats: [{ type: 'json', schema }], maxAge: 0 },
      pollInterval: 1,
      timeout: 120,
    });
    expect(crawl.data).toHaveLength(2);
    expect(crawl.creditsUsed).toBe(10);
    await until(
      async () => (await get('/v2/team/credit-usage', team.key)).body.data.creditsUsed === 5 + 9 + 5 + 10,
      'the charges on the ledger',
    );
  });

  it('rotates a key: the new key works at once, the old one stops', async () => {
    const team = await createTeam(running.trawl, 'rotating');
    const rotated = await operatorCli(running.trawl, 'keys', 'rotate', team.teamId, team.keyId);
    expect(rotated).toMatchObject({ teamId: team.teamId, revoked: team.keyId });
    expect((await get('/v2/team/credit-usage', rotated.key)).status).toBe(200);
    await until(async () => (await get('/v2/team/credit-usage', team.key)).status === 401, 'the revocation');
  });
});
