import { openAiCompatibleServerForTests } from '../../../test/support/openai-compatible-server.js';
import { OpenAiCompatibleClient } from './openai-compatible-client.js';

const server = openAiCompatibleServerForTests();
beforeEach(() => server.requests.splice(0));

const client = (overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleClient>[0]> = {}) =>
  new OpenAiCompatibleClient({
    baseUrl: server.baseUrl,
    model: 'test-model',
    apiKey: 'sk-test',
    timeoutMs: 5_000,
    maxRetries: 2,
    maxTokens: 256,
    maxInputChars: 10_000,
    ...overrides,
  });

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, population: { type: 'integer' } },
  required: ['city', 'population'],
};
const ask = (llm: OpenAiCompatibleClient) =>
  llm.structured({ schemaName: 'facts', schema, messages: [{ role: 'user', content: 'Where?' }] });

describe('OpenAiCompatibleClient', () => {
  it('asks for JSON-schema structured output with the model, key and token cap, and returns the validated value', async () => {
    server.reply(() => ({
      content: '{"city": "Truro", "population": 21000}',
      usage: { prompt_tokens: 12, completion_tokens: 7 },
    }));
    await expect(ask(client())).resolves.toEqual({
      ok: true,
      value: { city: 'Truro', population: 21000 },
      attempts: 1,
      usage: { promptTokens: 12, completionTokens: 7 },
    });
    const [request] = server.requests;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      model: 'test-model',
      max_tokens: 256,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'facts', schema } },
    });
  });

  it('asks once more, with the validation errors, when the answer does not match the schema', async () => {
    server.reply((_request, index) =>
      index === 0
        ? { content: '{"city": "Truro"}' }
        : { content: '```json\n{"city": "Truro", "population": 21000}\n```' },
    );
    await expect(ask(client())).resolves.toMatchObject({ ok: true, attempts: 2 });
    const correction = server.requests[1].body.messages.at(-1)?.content;
    expect(correction).toContain("must have required property 'population'");
  });

  it('reports an answer that stays invalid instead of returning it, with the tokens both attempts spent', async () => {
    server.reply(() => ({ content: 'Truro, I think.', usage: { prompt_tokens: 20, completion_tokens: 5 } }));
    await expect(ask(client())).resolves.toEqual({
      ok: false,
      reason: "the model's answer did not match the schema twice (the answer is not JSON)",
      attempts: 2,
      usage: { promptTokens: 40, completionTokens: 10 },
    });
    expect(server.requests).toHaveLength(2);
  });

  it('retries 429 and 5xx answers, honouring Retry-After', async () => {
    server.reply((_request, index) =>
      index === 0
        ? { status: 429, body: '{"error":"slow down"}', headers: { 'retry-after': '0' } }
        : index === 1
          ? { status: 503, body: '{}' }
          : { content: '{"city": "Truro", "population": 1}' },
    );
    await expect(ask(client())).resolves.toMatchObject({ ok: true, value: { population: 1 } });
    expect(server.requests).toHaveLength(3);
  });

  it('falls back to JSON mode when the endpoint refuses json_schema response formats', async () => {
    server.reply((request) =>
      request.body.response_format?.type === 'json_schema'
        ? { status: 400, body: '{"error":{"message":"response_format json_schema is not supported"}}' }
        : { content: '{"city": "Truro", "population": 2}' },
    );
    const llm = client();
    await expect(ask(llm)).resolves.toMatchObject({ ok: true });
    expect(server.requests.map((request) => request.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
    ]);
    expect(server.requests[1].body.messages[0].content).toContain('"population"');
    // The endpoint's limits are remembered: the next request starts in JSON mode.
    await ask(llm);
    expect(server.requests[2].body.response_format?.type).toBe('json_object');
  });

  it('gives up after its timeout and retries, with a reason fit for a warning', async () => {
    server.reply(() => ({ hang: true }));
    const result = await ask(client({ timeoutMs: 200, maxRetries: 1 }));
    expect(result).toEqual({
      ok: false,
      reason: 'the model endpoint failed: no answer within 200 ms',
      attempts: 1,
    });
    expect(server.requests).toHaveLength(2);
  });

  it("stops at the caller's deadline, without retrying, and says why", async () => {
    const deadline = new AbortController();
    server.reply(() => {
      deadline.abort('the scrape ran out of its 1000 ms timeout');
      return { hang: true };
    });
    const result = await client({ timeoutMs: 60_000, maxRetries: 3 }).structured({
      schemaName: 'facts',
      schema,
      messages: [{ role: 'user', content: 'Where?' }],
      signal: deadline.signal,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'the model endpoint failed: the scrape ran out of its 1000 ms timeout',
      attempts: 1,
    });
    expect(server.requests).toHaveLength(1);
  });
});
