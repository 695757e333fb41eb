import Firecrawl from '@mendable/firecrawl-js';
import { PROMPT_CRAWL_OPTIONS } from '#contracts';
import { call, runCheck } from '../support/monitor-client.js';
import { type ChatRequest, pageTextOf, schemaNameOf } from '../support/openai-compatible-server.js';
import { createTeam, operatorCli } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithModel } from '../support/trawl-with-model.js';
import { until } from '../support/until.js';

const running = trawlWithModel({ LLM_API_KEY: 'sk-e2e', LLM_TIMEOUT_MS: '5000' });

const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);
const asked = (name: string) => running.llm.requests.filter((request) => schemaNameOf(request) === name);

describe('structured formats through the LLM port', () => {
  beforeEach(() => running.llm.requests.splice(0));

  it('fills json, summary, answer and highlights from the model, sending it the page', async () => {
    running.llm.reply((request: ChatRequest) => {
      switch (schemaNameOf(request)) {
        case 'extraction':
          return { content: JSON.stringify({ builder: 'Thomas Albery', heightMetres: 34 }) };
        case 'summary':
          return {
            content: JSON.stringify({ summary: 'Cape Wren lighthouse, built 1871, automated 1958.' }),
          };
        case 'answer':
          return { content: JSON.stringify({ answered: true, answer: 'Agnes Porthleven' }) };
        default:
          return {
            content: JSON.stringify({ highlights: ['The climb has 142 steps and takes about ten minutes.'] }),
          };
      }
    });
    const { status, body } = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [
        {
          type: 'json',
          prompt: 'Who built it and how tall is it?',
          schema: {
            type: 'object',
            properties: { builder: { type: 'string' }, heightMetres: { type: 'number' } },
            required: ['builder'],
          },
        },
        'summary',
        { type: 'question', question: 'Who was the last head keeper?' },
        { type: 'highlights', query: 'steps' },
      ],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      json: { builder: 'Thomas Albery', heightMetres: 34 },
      summary: 'Cape Wren lighthouse, built 1871, automated 1958.',
      answer: 'Agnes Porthleven',
      highlights: 'The climb has 142 steps and takes about ten minutes.',
    });
    expect(body.data.warning).toBe(
      'json by model test-model. summary by model test-model. answer by model test-model. highlights by model test-model',
    );
    const [extraction] = asked('extraction');
    expect(extraction.headers.authorization).toBe('Bearer sk-e2e');
    expect(extraction.body.model).toBe('test-model');
    expect(pageTextOf(extraction)).toContain('The lighthouse at Cape Wren was built in 1871');
    expect(extraction.body.messages.at(-1)?.content).toContain('Who built it and how tall is it?');
  });

  it('asks again once for an invalid answer, then reports it and gives the local result', async () => {
    running.llm.reply(() => ({ content: JSON.stringify({ builder: 42 }) }));
    const { status, body } = await scrape({
      url: running.site.url('/shop/trailhead-boot'),
      formats: [
        'product',
        {
          type: 'json',
          schema: { type: 'object', properties: { brand: { type: 'string' } }, required: ['brand'] },
        },
      ],
    });
    expect(status).toBe(200);
    expect(asked('extraction')).toHaveLength(2);
    expect(body.data.json).toEqual({ brand: 'Northpeak' });
    expect(body.data.warning).toContain("json: the model's answer did not match the schema twice");
    expect(body.data.warning).toContain("the local method's result is given instead");
    // Product and menu stay with the local extractors: no model call for them.
    expect(running.llm.requests.every((request) => schemaNameOf(request) === 'extraction')).toBe(true);
    expect(body.data.product.title).toBe('Trailhead 2 Hiking Boot');
  });

  it('asks the model again when the page comes from the cache', async () => {
    running.llm.reply(() => ({ content: JSON.stringify({ keeper: 'Agnes Porthleven' }) }));
    const format = { type: 'json', schema: { type: 'object', properties: { keeper: { type: 'string' } } } };
    await scrape({ url: running.site.url('/articles/tide-pools'), formats: [format] });
    const { body } = await scrape({ url: running.site.url('/articles/tide-pools'), formats: [format] });
    expect(body.data.metadata.cacheState).toBe('hit');
    expect(body.data.json).toEqual({ keeper: 'Agnes Porthleven' });
    expect(body.data.warning).toBe('json by model test-model');
    expect(asked('extraction')).toHaveLength(2);
  });

  it("meters the model's tokens by team and API key: /v2/team/token-usage and its history", async () => {
    const team = await createTeam(running.trawl, 'model tokens');
    const second = await operatorCli(running.trawl, 'keys', 'create', team.teamId, 'crawl planning');
    const read = async (path: string, apiKey = team.key) =>
      (
        await fetch(`${running.trawl.baseUrl}${path}`, { headers: { authorization: `Bearer ${apiKey}` } })
      ).json();
    const tokenUsage = (apiKey?: string) => read('/v2/team/token-usage', apiKey);
    expect(await tokenUsage()).toEqual({
      success: true,
      data: {
        remainingTokens: 99_999_999,
        planTokens: 99_999_999,
        tokensUsed: 0,
        unlimited: true,
        billingPeriodStart: null,
        billingPeriodEnd: null,
      },
    });
    running.llm.reply((request) =>
      schemaNameOf(request) === 'crawl_options'
        ? { content: JSON.stringify(Object.fromEntries(PROMPT_CRAWL_OPTIONS.map((name) => [name, null]))) }
        : { content: JSON.stringify({ keeper: 'Agnes Porthleven' }) },
    );
    const reported = () => running.llm.tokensReported();

    // The first key: a json scrape (the extractor asks the model) and the same page from the cache (the api does).
    let before = reported();
    const format = { type: 'json', schema: { type: 'object', properties: { keeper: { type: 'string' } } } };
    const page = { url: running.site.url('/articles/lighthouse'), formats: [format] };
    expect((await post(running.trawl, '/v2/scrape', page, { apiKey: team.key })).status).toBe(200);
    const cached = await post(running.trawl, '/v2/scrape', page, { apiKey: team.key });
    expect(cached.body.data.metadata.cacheState).toBe('hit');
    const firstKeyTokens = reported() - before;
    // The second key: a crawl's prompt read into options.
    before = reported();
    await new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: second.key }).crawlParamsPreview(
      running.site.url('/crawl/'),
      'only the guide',
    );
    const secondKeyTokens = reported() - before;
    expect(firstKeyTokens).toBeGreaterThan(0);
    expect(secondKeyTokens).toBeGreaterThan(0);

    const total = firstKeyTokens + secondKeyTokens;
    await until(async () => (await tokenUsage()).data.tokensUsed === total, 'the tokens recorded');
    // Tokens are not credits: the two json scrapes cost 5 each, the preview nothing.
    await until(async () => (await read('/v2/team/credit-usage')).data.creditsUsed === 10, 'two charges');
    const history = await new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: team.key,
    }).getTokenUsageHistorical(true);
    type Period = { apiKey?: string; tokensUsed: number };
    const byKey = (apiKey: string) =>
      (history.periods as Period[])
        .filter((period) => period.apiKey === apiKey)
        .reduce((sum, period) => sum + period.tokensUsed, 0);
    expect(byKey(team.keyId)).toBe(firstKeyTokens);
    expect(byKey(second.keyId)).toBe(secondKeyTokens);
    expect(history.periods.every((period) => period.apiKey !== undefined)).toBe(true);
    // The process's counter saw every token the model reported, with no team in its labels.
    const metrics = await (await fetch(`${running.trawl.baseUrl}/metrics`)).text();
    const counted = [...metrics.matchAll(/^trawl_model_tokens_total\{kind="(prompt|completion)"\} (\d+)$/gm)];
    expect(counted.map(([, kind]) => kind).sort()).toEqual(['completion', 'prompt']);
    expect(counted.reduce((sum, [, , tokens]) => sum + Number(tokens), 0)).toBe(reported());
    // The other tests' model calls were the first team's: every other token the model reported.
    await until(
      async () => (await tokenUsage(running.trawl.apiKey)).data.tokensUsed === reported() - total,
      "the first team's tokens",
    );
  });

  it('stops asking the model for a team past its monthly token cap: the local method answers, saying why', async () => {
    const team = await createTeam(running.trawl, 'token cap');
    expect(await operatorCli(running.trawl, 'tokens', 'cap', team.teamId, '1')).toEqual({
      teamId: team.teamId,
      monthlyTokens: 1,
    });
    const tokenUsage = async () =>
      (
        await (
          await fetch(`${running.trawl.baseUrl}/v2/team/token-usage`, {
            headers: { authorization: `Bearer ${team.key}` },
          })
        ).json()
      ).data;
    await until(async () => (await tokenUsage()).planTokens === 1, 'the cap');
    running.llm.reply(() => ({ content: JSON.stringify({ keeper: 'Agnes Porthleven' }) }));
    const format = { type: 'json', schema: { type: 'object', properties: { keeper: { type: 'string' } } } };
    const page = { url: running.site.url('/articles/lighthouse'), formats: [format], maxAge: 0 };
    const scrapeAsTeam = () => post(running.trawl, '/v2/scrape', page, { apiKey: team.key });
    const extractions = () => asked('extraction').length;

    // Under the cap the model answers, and its call overruns the cap: nothing remains.
    expect((await scrapeAsTeam()).body.data.warning).toBe('json by model test-model');
    await until(async () => (await tokenUsage()).remainingTokens === 0, 'the cap reached');
    const before = extractions();
    const capped = await scrapeAsTeam();
    expect(capped.status).toBe(200);
    expect(extractions()).toBe(before);
    expect(capped.body.data.warning).toContain(
      "json: the team's model token allowance for this month (1 tokens) is used up; the local method's result is given instead",
    );
    // Another team is not held by this team's cap.
    expect((await post(running.trawl, '/v2/scrape', page)).body.data.warning).toBe(
      'json by model test-model',
    );

    // Lifted, the team's work goes to the model again.
    await operatorCli(running.trawl, 'tokens', 'cap', team.teamId, 'none');
    await until(async () => (await tokenUsage()).unlimited === true, 'the cap lifted');
    expect((await scrapeAsTeam()).body.data.warning).toBe('json by model test-model');
  });

  it("judges a monitor's changes by the model, its tokens the usage of the key that created the monitor", async () => {
    const team = await createTeam(running.trawl, 'judged monitor');
    const asTeam = { ...running.trawl, apiKey: team.key };
    running.llm.reply((request) =>
      schemaNameOf(request) === 'monitor_change_judgment'
        ? {
            content: JSON.stringify({
              meaningful: true,
              confidence: 'high',
              reason: 'The version number changed',
              meaningfulChanges: [],
            }),
          }
        : { content: '{}' },
    );
    const created = await call(asTeam, 'POST', '/v2/monitor', {
      name: 'Versions',
      schedule: { text: 'daily at 9am' },
      targets: [{ type: 'scrape', urls: [running.site.url('/changing')] }],
      goal: 'the version number',
    });
    expect(created.status).toBe(200);
    const before = running.llm.tokensReported();
    await runCheck(asTeam, created.body.data.id);
    const second = await runCheck(asTeam, created.body.data.id);
    const [page] = second.data.pages;
    expect(page).toMatchObject({ status: 'changed', judgment: { meaningful: true, judge: 'test-model' } });
    expect(asked('monitor_change_judgment')).toHaveLength(1);
    const judged = running.llm.tokensReported() - before;
    expect(judged).toBeGreaterThan(0);
    const history = async () =>
      (
        await (
          await fetch(`${running.trawl.baseUrl}/v2/team/token-usage/historical?byApiKey=true`, {
            headers: { authorization: `Bearer ${team.key}` },
          })
        ).json()
      ).periods as { apiKey?: string; tokensUsed: number }[];
    const periods = await until(async () => {
      const listed = await history();
      return listed.reduce((sum, period) => sum + period.tokensUsed, 0) === judged && listed;
    }, "the judge's tokens");
    expect(periods.every((period) => period.apiKey === team.keyId)).toBe(true);
  });
});
