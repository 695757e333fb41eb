import {
  type OpenAiCompatibleServer,
  pageTextOf,
  schemaNameOf,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.js';
import { post } from '../support/scrape-client.js';
import type { Trawl } from '../support/trawl-process.js';
import { sharedTrawlWithSite, trawlWithSite } from '../support/trawl-with-site.js';

const SCHEMA = {
  type: 'object',
  properties: { price: { type: 'number' }, colour: { type: 'string' } },
};

/** A product page whose price the test changes between scrapes. */
const kettlePage = (price: string) =>
  Buffer.from(
    `<html><head><title>Copper kettle</title></head><body><main><h1>Copper kettle</h1>` +
      `<dl><dt>Price</dt><dd>${price}</dd><dt>Colour</dt><dd>Copper</dd></dl>` +
      `<p>Visited at ${Date.now()}</p></main></body></html>`,
  );

/** Scrapes in json mode until the previous scrape has become the baseline (the history is a projection). */
async function trackUntilBaseline(running: { trawl: Trawl }, url: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await track(running, url);
    if (response.body.data.changeTracking.previousScrapeAt !== null) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no baseline for ${url}`);
}

const track = (running: { trawl: Trawl }, url: string) =>
  post(running.trawl, '/v2/scrape', {
    url,
    maxAge: 0,
    formats: ['markdown', { type: 'changeTracking', modes: ['json'], schema: SCHEMA }],
  });

describe('changeTracking json mode, local extractor', () => {
  const running = sharedTrawlWithSite();

  it('compares the schema fields with the previous scrape and names the changed ones', async () => {
    const url = running.site.url('/tracked/kettle');
    running.site.serve('/tracked/kettle', 'text/html', kettlePage('$59.00'));
    const first = await track(running, url);
    expect(first.status).toBe(200);
    expect(first.body.data.changeTracking).toMatchObject({ changeStatus: 'new', previousScrapeAt: null });
    expect(first.body.data.warning).toContain('changeTracking json was filled by the local extractor');

    running.site.serve('/tracked/kettle', 'text/html', kettlePage('$45.00'));
    const second = await trackUntilBaseline(running, url);
    expect(second.body.data.changeTracking.changeStatus).toBe('changed');
    // Only the price moved: the colour is the same, and json mode alone sends no git diff.
    expect(second.body.data.changeTracking.json).toEqual({ price: { previous: 59, current: 45 } });
    expect(second.body.data.changeTracking.diff).toBeUndefined();
    expect(second.body.data.json).toBeUndefined();
  });
});

describe('changeTracking json mode through the LLM port', () => {
  const options = { env: {} as NodeJS.ProcessEnv };
  let llm: OpenAiCompatibleServer;
  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    // The model reads the price off the page text it is sent.
    llm.reply((request) => {
      const price = /Price\s*\$?(\d+)/.exec(pageTextOf(request))?.[1];
      return schemaNameOf(request) === 'extraction'
        ? { content: JSON.stringify({ price: Number(price), colour: 'copper' }) }
        : { status: 500, body: 'unexpected task' };
    });
    options.env = { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000' };
  });
  afterAll(() => llm?.close());
  const running = trawlWithSite(options);

  it('extracts with the model and compares its answers field by field', async () => {
    const url = running.site.url('/tracked/kettle');
    running.site.serve('/tracked/kettle', 'text/html', kettlePage('$59.00'));
    const first = await track(running, url);
    expect(first.body.data.warning).toContain('changeTracking json by model test-model');
    running.site.serve('/tracked/kettle', 'text/html', kettlePage('$45.00'));
    const second = await trackUntilBaseline(running, url);
    expect(second.body.data.changeTracking).toMatchObject({
      changeStatus: 'changed',
      json: { price: { previous: 59, current: 45 } },
    });
    expect(Object.keys(second.body.data.changeTracking.json)).toEqual(['price']);
    expect(
      llm.requests.filter((request) => schemaNameOf(request) === 'extraction').length,
    ).toBeGreaterThanOrEqual(2);
  });
});
