import Firecrawl from '@mendable/firecrawl-js';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsNames, type PageScraped } from '#contracts';
import { TENTS } from '../fixtures/site/fixture-site.js';
import { freePort, issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
const PRODUCT = {
  type: 'object',
  properties: { name: { type: 'string' }, brand: { type: 'string' }, price: { type: 'number' } },
};

/** An agent run's `PageScraped` events, read from the events stream as downstream subscribers read them. */
async function pagesScraped(crawlId: string) {
  const nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
  try {
    const names = natsNames(running.trawl.prefix);
    const consumer = await jetstream(nc).consumers.get(names.eventsStream, {
      filter_subjects: names.eventSubject('crawl', 'PageScraped'),
    });
    const pages: { path: string; answered?: string[]; answerComplete?: boolean }[] = [];
    for await (const message of await consumer.fetch({ max_messages: 10_000, expires: 2_000 })) {
      const { data } = message.json<{ data: PageScraped['data'] }>();
      if (data.crawlId === crawlId) {
        pages.push({
          path: new URL(data.url).pathname,
          answered: data.answered,
          answerComplete: data.answerComplete,
        });
      }
      if (message.info.pending === 0) break;
    }
    return pages;
  } finally {
    await nc.close();
  }
}

describe('extract with the official Firecrawl JS SDK (no model: the local extractor)', () => {
  it('fills a schema from several pages and merges their answers, naming the sources', async () => {
    const boot = running.site.url('/shop/trailhead-boot');
    const kettle = running.site.url('/shop/copper-kettle');
    // Nothing listens there: the page fails at once, refused.
    const unreachable = `http://127.0.0.1:${await freePort()}/`;
    const result = await client().extract({
      urls: [boot, kettle, unreachable],
      schema: PRODUCT,
      showSources: true,
      // Room for the shop pages on a saturated machine: a CI run beside another file's big crawl saw
      // both miss 18 s (and a page that answers late cost the test its whole timeout besides).
      scrapeOptions: { timeout: 60_000 },
      pollInterval: 1,
      timeout: 180,
    });
    // Two pages read, each a scrape with a json answer: 5 credits each.
    expect(result).toMatchObject({ success: true, status: 'completed', creditsUsed: 10 });
    expect(result.warning).toContain(
      `1 of 3 pages could not be read (${unreachable}: SCRAPE_SITE_ERROR Could not load ${unreachable}: ERR_CONNECTION_REFUSED)`,
    );
    expect(result.data).toEqual({ name: 'Trailhead 2 Hiking Boot', brand: 'Northpeak', price: 149 });
    expect((result.sources as Record<string, string[]>).name).toEqual([boot, kettle]);
    expect(result.warning).toContain('json was filled by the local extractor');
    // The kettle has no brand, but the boot gave one: the answer lacks nothing.
    expect(result.warning).not.toContain('so null');
  });

  it('lists the items an array names from every page, a product page without product data as one of them', async () => {
    const result = await client().extract({
      urls: [running.site.url('/shop/trailhead-boot'), running.site.url('/shop/copper-kettle')],
      schema: {
        type: 'object',
        properties: {
          products: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } } },
          },
        },
      },
      scrapeOptions: { timeout: 60_000 },
      pollInterval: 1,
      timeout: 180,
    });
    expect(result.status).toBe('completed');
    // The boot's schema.org variants, then the kettle as the page shows it.
    expect(result.data).toEqual({
      products: [
        { name: 'Trailhead 2 — Brown, 42', price: 149 },
        { name: 'Trailhead 2 — Black, 43', price: 159 },
        { name: 'Copper Kettle 1.7L', price: 44.99 },
      ],
    });
  });

  it('lists a page without shop markup as an item when its heading names one and it says what the items ask', async () => {
    const lampPage = (name: string, sentence: string, price: number) =>
      Buffer.from(
        `<html><head><title>${name}</title></head><body><main><h1>${name}</h1><p>${sentence}</p>` +
          `<p>Price: $${price}</p></main></body></html>`,
      );
    running.site.serve(
      '/lamps/a',
      'text/html; charset=utf-8',
      lampPage('Lamp A', 'A desk lamp made of brass.', 25),
    );
    running.site.serve(
      '/lamps/b',
      'text/html; charset=utf-8',
      lampPage('Lamp B', 'A floor lamp carved from oak.', 90),
    );
    const item = { name: { type: 'string' }, price: { type: 'number' }, material: { type: 'string' } };
    const result = await client().extract({
      urls: [running.site.url('/lamps/a'), running.site.url('/lamps/b')],
      schema: {
        type: 'object',
        properties: { lamps: { type: 'array', items: { type: 'object', properties: item } } },
      },
      pollInterval: 1,
      timeout: 120,
    });
    expect(result.data).toEqual({
      lamps: [
        { name: 'Lamp A', price: 25, material: 'brass' },
        { name: 'Lamp B', price: 90, material: 'oak' },
      ],
    });
  });

  it('reads the pages /v2/map finds below a path for a URL ending in /*', async () => {
    const result = await client().extract({
      urls: [running.site.url('/crawl/guide/*')],
      schema: { type: 'object', properties: { title: { type: 'string' } } },
      showSources: true,
      pollInterval: 1,
      timeout: 120,
    });
    expect(result.status).toBe('completed');
    // The guide links to chapter 1 (chapter 2 only from there); the sitemap lists the guide and a page outside it.
    expect(result.sources).toEqual({
      title: [running.site.url('/crawl/guide'), running.site.url('/crawl/guide/chapter-1')],
    });
    expect(result.data).toEqual({ title: 'Guide' });
  });

  it('refuses what it cannot answer, by name, and keeps jobs to their team', async () => {
    const url = running.site.url('/shop/trailhead-boot');
    await expect(client().extract({ urls: [url], prompt: 'the price' })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('LLM_BASE_URL'),
    });
    await expect(
      client().extract({ urls: [url], schema: PRODUCT, systemPrompt: 'Be brief' }),
    ).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('systemPrompt'),
    });
    await expect(client().extract({ urls: [url] })).rejects.toMatchObject({ status: 400 });
    const started = await client().startExtract({ urls: [url], schema: PRODUCT });
    const other = new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: await issueKeyWithCli(running.trawl.env, running.trawl.logs),
    });
    await expect(other.getExtractStatus(started.id as string)).rejects.toMatchObject({ status: 404 });
    await expect(client().getBatchScrapeStatus(started.id as string)).rejects.toMatchObject({ status: 404 });
  });

  it('with enableWebSearch also reads the pages the search finds for the prompt (here the local index of scraped pages)', async () => {
    // The first test scraped both shop pages, so the team's index holds them.
    const result = await client().extract({
      prompt: 'copper kettle',
      schema: PRODUCT,
      enableWebSearch: true,
      showSources: true,
      pollInterval: 1,
      timeout: 120,
    });
    expect(result).toMatchObject({ success: true, status: 'completed' });
    expect(result.sources).toMatchObject({ name: [running.site.url('/shop/copper-kettle')] });
    await expect(client().extract({ schema: PRODUCT, enableWebSearch: true })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('prompt is required'),
    });
  });
});

describe('agent with the official Firecrawl JS SDK (through extract, following links; no model: the local extractor)', () => {
  it('answers the prompt and schema from the given pages, capped by maxCredits', async () => {
    // A page with a json answer costs 5: 9 credits pay for one page of the two.
    const status = await client().agent({
      prompt: 'What does the boot cost?',
      urls: [running.site.url('/shop/trailhead-boot'), running.site.url('/shop/copper-kettle')],
      schema: PRODUCT,
      maxCredits: 9,
      pollInterval: 1,
      timeout: 120,
    });
    expect(status).toMatchObject({
      success: true,
      status: 'completed',
      creditsUsed: 5,
      model: 'local',
      data: { name: 'Trailhead 2 Hiking Boot', brand: 'Northpeak', price: 149 },
    });
    expect(typeof status.expiresAt).toBe('string');
    await until(async () => {
      const runs = (await client().listAgents()).agents ?? [];
      return runs.find((run) => run.options?.prompt === 'What does the boot cost?')?.status === 'completed';
    }, 'the run listed as completed');
    await expect(
      client().startAgent({
        prompt: 'the price',
        urls: [running.site.url('/shop/trailhead-boot')],
        schema: PRODUCT,
        maxCredits: 4,
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('costs at least 5 credits') });
  });

  it('follows the links that may hold what its answer lacks, unless held to its URLs or its credits', async () => {
    const CONTACT = {
      type: 'object',
      properties: { name: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' } },
    };
    const home = running.site.url('/outfitters/');
    const visits = (path: string) => running.site.requests.filter((request) => request.path === path).length;
    const before = { contact: visits('/outfitters/contact'), journal: visits('/outfitters/journal') };
    const run = (options: { strictConstrainToURLs?: boolean; maxCredits?: number } = {}) =>
      client().agent({
        prompt: 'Northpeak Outfitters phone number and e-mail',
        urls: [home],
        schema: CONTACT,
        ...options,
        pollInterval: 1,
        timeout: 120,
      });
    // The home page names the company; its footer's "Contact us" leads to the phone and e-mail.
    const { id } = await client().startAgent({
      prompt: 'Northpeak Outfitters phone number and e-mail',
      urls: [home],
      schema: CONTACT,
    });
    const answer = await until(
      async () => {
        const status = await client().getAgentStatus(id);
        return status.status !== 'processing' && status;
      },
      'the agent run',
      120_000,
    );
    expect(answer).toMatchObject({
      status: 'completed',
      creditsUsed: 10,
      data: { name: 'Northpeak Outfitters', phone: '+44 17687 72000', email: 'hello@northpeak.test' },
    });
    expect(visits('/outfitters/contact')).toBe(before.contact + 1);
    // Each page's event says what it answered (the next step reads those, not earlier pages' documents).
    expect(await pagesScraped(id)).toEqual([
      { path: '/outfitters/', answered: ['name'], answerComplete: undefined },
      { path: '/outfitters/contact', answered: ['name', 'phone', 'email'], answerComplete: true },
    ]);
    // The journal and careers links say nothing of a phone or an e-mail: not read.
    expect(visits('/outfitters/journal')).toBe(before.journal);
    for (const held of [{ strictConstrainToURLs: true }, { maxCredits: 9 }]) {
      expect(await run(held)).toMatchObject({
        status: 'completed',
        creditsUsed: 5,
        data: { name: 'Northpeak Outfitters', phone: null, email: null },
      });
    }
    expect(visits('/outfitters/contact')).toBe(before.contact + 1);
  });

  it("reads each listed item's own page for what the listing does not say of it", async () => {
    const TENT_LIST = {
      type: 'object',
      properties: {
        tents: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              price: { type: 'number' },
              weight_kg: { type: 'number' },
            },
          },
        },
      },
    };
    const status = await client().agent({
      prompt: 'Every Northpeak tent with its price and weight',
      urls: [running.site.url('/outfitters/tents')],
      schema: TENT_LIST,
      pollInterval: 1,
      timeout: 120,
    });
    // The listing and the three tents' pages: 4 pages with a json answer. Each tent's page gives
    // its weight, merged into its card from the listing.
    expect(status).toMatchObject({ status: 'completed', creditsUsed: 20 });
    expect(status.data).toEqual({
      tents: TENTS.map((tent) => ({ name: tent.name, price: tent.price, weight_kg: tent.kg })),
    });
  });

  it('without URLs reads the pages the web search finds for the prompt', async () => {
    const status = await client().agent({
      prompt: 'trailhead hiking boot',
      schema: PRODUCT,
      pollInterval: 1,
      timeout: 120,
    });
    expect(status).toMatchObject({ status: 'completed', data: { name: 'Trailhead 2 Hiking Boot' } });
    await expect(client().startAgent({ prompt: 'zyzzyva quokka', schema: PRODUCT })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('found no pages'),
    });
  });

  it('refuses what it cannot do by name, cancels, and keeps runs to their team', async () => {
    const url = running.site.url('/shop/trailhead-boot');
    await expect(client().startAgent({ prompt: 'the price', urls: [url] })).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('LLM_BASE_URL'),
    });
    await expect(
      client().startAgent({ prompt: 'the price', urls: [url], schema: PRODUCT, mode: 'chat' }),
    ).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining('mode: chat'),
    });
    const started = await client().startAgent({
      prompt: 'the price',
      urls: [running.site.url('/slow?ms=20000')],
      schema: PRODUCT,
    });
    expect(await client().cancelAgent(started.id)).toBe(true);
    expect((await client().getAgentStatus(started.id)).status).toBe('cancelled');
    const other = new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: await issueKeyWithCli(running.trawl.env, running.trawl.logs),
    });
    await expect(other.getAgentStatus(started.id)).rejects.toMatchObject({ status: 404 });
    // What a run here does not keep answers 501 by name, not a 404 that reads as "no such run".
    // The team's runs, newest first: the cancelled one heads the list; an extract job of its own is
    // no agent run, and another team sees none of them.
    const extract = await client().startExtract({ urls: [url], schema: PRODUCT });
    // The cancellation is listed once projected.
    const listed = await until(async () => {
      const page = await client().listAgents();
      return (page.agents?.[0]?.status as string) === 'cancelled' && page;
    }, 'the cancelled run listed');
    expect(listed.agents?.map((run) => run.id)).not.toContain(extract.id);
    expect(listed.success).toBe(true);
    const [newest] = listed.agents ?? [];
    expect(newest).toMatchObject({
      id: started.id,
      status: 'cancelled',
      targetHint: running.site.url('/slow?ms=20000'),
      origin: 'api',
      options: { prompt: 'the price', urls: [running.site.url('/slow?ms=20000')], schema: PRODUCT },
    });
    const times = (listed.agents ?? []).map((run) => Date.parse(run.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await client().listAgents({ before: Date.parse(newest.createdAt) })).agents).not.toContainEqual(
      expect.objectContaining({ id: started.id }),
    );
    expect((await other.listAgents()).agents).toEqual([]);
    for (const refused of [
      () => client().getAgentTrace(started.id),
      () => client().getAgentSnapshot(started.id, 'first'),
      () => client().getAgentThread('a-thread'),
    ]) {
      await expect(refused()).rejects.toMatchObject({
        status: 501,
        message: expect.stringMatching(/trace and snapshots|agent threads/),
      });
    }
  });
});

describe("the SDK's routes into Firecrawl's hosted search indexes and tool catalogue", () => {
  it('answer 501 naming the index and what to use instead', async () => {
    for (const [refused, index] of [
      [() => client().developerSearch('nestjs jetstream consumer'), 'developer index'],
      [() => client().research.searchPapers('base editing'), 'research index'],
      [() => client().research.getPaper('arXiv:1706.03762'), 'research index'],
      [() => client().research.similarPapers('arXiv:1706.03762', { intent: 'follow-ups' }), 'research index'],
      [() => client().findTools(), 'tool catalogue'],
    ] as const) {
      await expect(refused()).rejects.toMatchObject({
        status: 501,
        message: expect.stringContaining(index),
      });
    }
  });
});
