import { type ChatRequest, pageTextOf, schemaNameOf } from '../support/openai-compatible-server.js';
import { post } from '../support/scrape-client.js';
import { trawlWithModel } from '../support/trawl-with-model.js';

// The model endpoint's own timeout is long: only a scrape's timeout can cut a call short.
const running = trawlWithModel({ LLM_TIMEOUT_MS: '120000' });

const scrape = (body: Record<string, unknown>) => post(running.trawl, '/v2/scrape', body);
const asked = (name: string) => running.llm.requests.filter((request) => schemaNameOf(request) === name);

/** A page with boilerplate blocks and invented personal data. */
const NOTICE = `<!doctype html><html><head><title>Harbour notice</title></head><body><main>
<h1>Harbour notice</h1>
<p>We use cookies to improve your experience. Accept all cookies or manage preferences.</p>
<p>The north slipway closes on 3 March for repairs; harbour master Jane Smith of Porthcurno answers questions
at jane.smith@harbour.example.</p>
<p>Sponsored: Sunset boat tours, book today and save.</p>
<pre><code>tide_window = "06:10-08:40"</code></pre>
</main></body></html>`;

/** The numbered blocks of a boilerplate request whose text matches. */
function blocksMatching(request: ChatRequest, pattern: RegExp): number[] {
  return pageTextOf(request)
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => Number(/^\[(\d+)\]/.exec(line)?.[1]));
}

describe('markdown steps and the query format through the LLM port', () => {
  beforeAll(() => {
    running.site.serve('/notice', 'text/html; charset=utf-8', Buffer.from(NOTICE));
  });
  beforeEach(() => running.llm.requests.splice(0));

  it('cleans and redacts by the model, keeping only what stands verbatim in the page', async () => {
    running.llm.reply((request) =>
      schemaNameOf(request) === 'boilerplate'
        ? // The model names the banner, the ad and (wrongly) the code block, which is never cut.
          { content: JSON.stringify({ boilerplate: blocksMatching(request, /cookies|Sponsored|\(code\)/) }) }
        : {
            content: JSON.stringify({
              spans: [
                { entity: 'PERSON', text: 'Jane Smith' },
                { entity: 'LOCATION', text: 'Porthcurno' },
                { entity: 'PERSON', text: 'Mary Jones' },
              ],
            }),
          },
    );
    const { status, body } = await scrape({
      url: running.site.url('/notice'),
      onlyCleanContent: true,
      redactPII: { mode: 'accurate' },
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toBe(
      [
        '# Harbour notice',
        'The north slipway closes on 3 March for repairs; harbour master <PERSON> of <LOCATION> answers questions at <EMAIL>.',
        '```\ntide_window = "06:10-08:40"\n```',
      ].join('\n\n'),
    );
    expect(body.data.warning).toBe(
      'onlyCleanContent by model test-model: 2 boilerplate block(s) removed; 1 code, table or math block(s) it named kept. ' +
        'redactPII accurate by model test-model: validated patterns plus 2 span(s) the model named, each found verbatim in the text; 1 proposal(s) not found verbatim in the text ignored',
    );
    // Redaction read the cleaned markdown: the removed banner never went to the second call.
    expect(pageTextOf(asked('pii')[0])).not.toContain('cookies');
  });

  it('falls back to the local methods with a warning when the model fails, and the scrape still succeeds', async () => {
    running.llm.reply(() => ({ status: 401, body: '{"error":{"message":"invalid key"}}' }));
    const { status, body } = await scrape({
      url: running.site.url('/notice'),
      onlyCleanContent: true,
      redactPII: true,
    });
    expect(status).toBe(200);
    expect(body.data.markdown).not.toContain('cookies');
    expect(body.data.markdown).not.toContain('jane.smith');
    expect(body.data.markdown).toContain('harbour master <PERSON>');
    expect(body.data.warning).toBe(
      'onlyCleanContent: the model endpoint failed: HTTP 401: {"error":{"message":"invalid key"}}; the local block classifier was used instead. ' +
        'redactPII accurate: the model endpoint failed: HTTP 401: {"error":{"message":"invalid key"}}; the local method (validated patterns and local NER) was used instead',
    );
  });

  it('answers the query format by the model: free-form, or quotes checked against the page', async () => {
    running.llm.reply((request) =>
      schemaNameOf(request) === 'answer'
        ? { content: JSON.stringify({ answered: true, answer: 'Agnes Porthleven' }) }
        : {
            content: JSON.stringify({
              highlights: [
                'The fog signal was switched off in 2011 after complaints from residents.',
                'The fog signal plays a tune.',
              ],
            }),
          },
    );
    const freeform = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [{ type: 'query', prompt: 'Who was the last head keeper?' }],
    });
    expect(freeform.body.data).toMatchObject({
      answer: 'Agnes Porthleven',
      warning: 'answer by model test-model',
    });
    expect(asked('answer')[0].body.messages.at(-1)?.content).toContain('Who was the last head keeper?');
    const quote = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: [{ type: 'query', prompt: 'fog signal', mode: 'directQuote' }],
    });
    expect(quote.body.data).toMatchObject({
      answer: 'The fog signal was switched off in 2011 after complaints from residents.',
      warning: 'answer by model test-model; 1 passage(s) that were not quotes of the page dropped',
    });
  });

  it("ends a model call that would outlive the scrape's timeout and answers with the local result", async () => {
    running.llm.reply(() => ({ hang: true }));
    const { status, body } = await scrape({
      url: running.site.url('/articles/lighthouse'),
      formats: ['summary'],
      timeout: 15_000,
      maxAge: 0,
    });
    expect(status).toBe(200);
    expect(body.data.summary).toEqual(expect.any(String));
    expect(body.data.warning).toMatch(
      /^summary: the model endpoint failed: the scrape's 15000 ms timeout ran out; the local method's result is given instead/,
    );
    expect(asked('summary')).toHaveLength(1);
  });
});
