import Firecrawl from '@mendable/firecrawl-js';
import { type ChatRequest, schemaNameOf } from '../support/openai-compatible-server.js';

import { post } from '../support/scrape-client.js';
import { trawlWithModel } from '../support/trawl-with-model.js';
import { until } from '../support/until.js';

const running = trawlWithModel({ LLM_TIMEOUT_MS: '120000' });

async function scrapeForm(): Promise<string> {
  const { status, body } = await post(running.trawl, '/v2/scrape', {
    url: running.site.url('/form'),
    maxAge: 0,
  });
  expect(status).toBe(200);
  return body.data.metadata.scrapeId;
}

const interact = (scrapeId: string, body: unknown) =>
  post(running.trawl, `/v2/scrape/${scrapeId}/interact`, body);

/** What the agent showed the model last: the newest user message. */
const observation = (request: ChatRequest) => request.body.messages.at(-1)?.content ?? '';

/** The number the observation gives the element described by `pattern` (e.g. `input[text] "Your name"`). */
function elementNumber(request: ChatRequest, pattern: string): number {
  const line = observation(request)
    .split('\n')
    .find((candidate) => candidate.includes(pattern));
  return Number(/^\[(\d+)\]/.exec(line ?? '')?.[1]);
}

describe('interact with a prompt, through the LLM port', () => {
  beforeEach(() => running.llm.requests.splice(0));

  it('plans browser steps on the live page and answers from what the page then shows', async () => {
    // A scripted planner that reads each observation like a model would: type, click, wait, answer.
    running.llm.reply((request) => {
      const turn = (request.body.messages.length - 2) / 2;
      if (turn === 0)
        return {
          content: JSON.stringify({
            action: 'type',
            element: elementNumber(request, 'input[text] "Your name"'),
            text: 'Ada',
          }),
        };
      if (turn === 1)
        return {
          content: JSON.stringify({ action: 'click', element: elementNumber(request, '"Greet me"') }),
        };
      if (turn === 2) return { content: JSON.stringify({ action: 'wait', milliseconds: 1000 }) };
      const greeting = /Hello, \w+!/.exec(observation(request))?.[0];
      return { content: JSON.stringify({ action: 'done', text: greeting ?? 'The page shows no greeting.' }) };
    });
    const scrapeId = await scrapeForm();
    const { status, body } = await interact(scrapeId, {
      prompt: "Type Ada into the name field, press 'Greet me' and tell me the greeting",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      output: 'Hello, Ada!',
      result: 'Hello, Ada!',
      exitCode: 0,
      killed: false,
      stderr: '',
    });
    expect(body.stdout).toMatch(
      /^1\. type "Ada" into element \d+\n2\. click element \d+\n3\. wait 1000 ms\n4\. done\n$/,
    );
    expect(running.llm.requests.every((request) => schemaNameOf(request) === 'browser_action')).toBe(true);
    expect(observation(running.llm.requests[0])).toContain('Instruction: Type Ada into the name field');
    expect(observation(running.llm.requests[0])).toContain('Title: Greeting form');

    // The same live page: the name the agent typed is still in the field.
    const after = await interact(scrapeId, {
      actions: [{ type: 'executeJavascript', script: 'return document.querySelector("#name").value' }],
    });
    expect(after.body.actions.javascriptReturns[0].value).toBe('Ada');

    // The browser-worker's model calls are the team's token usage: every token the model reported.
    const tokensUsed = async () =>
      (
        await (
          await fetch(`${running.trawl.baseUrl}/v2/team/token-usage`, {
            headers: { authorization: `Bearer ${running.trawl.apiKey}` },
          })
        ).json()
      ).data.tokensUsed;
    await until(async () => (await tokensUsed()) === running.llm.tokensReported(), 'the tokens recorded');
    expect(running.llm.tokensReported()).toBeGreaterThan(0);
  });

  it("works through the official Firecrawl JS SDK's interact with a prompt", async () => {
    running.llm.reply((request) => {
      const title = /^Title: (.+)$/m.exec(observation(request))?.[1];
      return { content: JSON.stringify({ action: 'done', text: `The page title is ${title ?? 'unknown'}` }) };
    });
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const scrapeId = await scrapeForm();
    const response = await client.interact(scrapeId, { prompt: 'What is the title of this page?' });
    expect(response).toMatchObject({ success: true, exitCode: 0, killed: false });
    expect(response.output).toBe('The page title is Greeting form');
  });

  it('reports a failed action to the model, and stops after the step limit without an answer', async () => {
    running.llm.reply((request) =>
      request.body.messages.length === 2
        ? { content: JSON.stringify({ action: 'click', element: 999 }) }
        : { content: JSON.stringify({ action: 'scroll', direction: 'down' }) },
    );
    const scrapeId = await scrapeForm();
    const { status, body } = await interact(scrapeId, { prompt: 'Find the hidden door' });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      exitCode: 1,
      killed: false,
      result: null,
      error: 'The model did not finish the instruction within 15 actions',
    });
    expect(body.output).toBeUndefined();
    expect(body.stdout).toMatch(/^1\. click element 999 — failed\n2\. scroll down\n/);
    expect(observation(running.llm.requests[1])).toMatch(/^That action failed: /);
  });

  it("stops at the call's timeout when the model does not answer", async () => {
    running.llm.reply(() => ({ hang: true }));
    const scrapeId = await scrapeForm();
    const { status, body } = await interact(scrapeId, { prompt: 'Click the button', timeout: 2 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, exitCode: 1, killed: true, result: null });
    expect(body.error).toBe(
      'The model could not plan the next step: the model endpoint failed: the interact timeout (2 s) passed',
    );
  });
});
