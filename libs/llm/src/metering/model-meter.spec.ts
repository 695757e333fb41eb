import { openAiCompatibleServerForTests } from '../../../../test/support/openai-compatible-server.js';
import type { ModelUsage } from '../llm-port.js';
import { OpenAiCompatibleClient } from '../openai-compatible-client.js';
import { meteredLlm } from './model-meter.js';

const server = openAiCompatibleServerForTests();

describe('meteredLlm', () => {
  const recorded: ModelUsage[] = [];
  const llm = (refusal?: () => Promise<string | undefined>) =>
    meteredLlm(
      new OpenAiCompatibleClient({
        baseUrl: server.baseUrl,
        model: 'test-model',
        timeoutMs: 5_000,
        maxRetries: 0,
        maxTokens: 64,
        maxInputChars: 1_000,
      }),
      async (usage) => {
        recorded.push(usage);
      },
      refusal,
    );
  const ask = (port = llm()) =>
    port.structured({
      schemaName: 'answer',
      schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      messages: [{ role: 'user', content: 'Well?' }],
    });
  beforeEach(() => recorded.splice(0));

  it("hands the tokens the endpoint reported for each call to the recorder, an invalid answer's included", async () => {
    server.reply((_request, index) =>
      index % 2 === 0
        ? { content: 'not JSON', usage: { prompt_tokens: 30, completion_tokens: 3 } }
        : { content: '{"ok": true}', usage: { prompt_tokens: 45, completion_tokens: 4 } },
    );
    await expect(ask()).resolves.toMatchObject({ ok: true, value: { ok: true } });
    expect(recorded).toEqual([{ promptTokens: 75, completionTokens: 7 }]);
  });

  it('makes no call its refusal names a reason for, failing it with that reason', async () => {
    const before = server.requests.length;
    await expect(ask(llm(async () => 'the allowance is used up'))).resolves.toEqual({
      ok: false,
      reason: 'the allowance is used up',
      attempts: 0,
    });
    expect(server.requests.length).toBe(before);
    expect(recorded).toEqual([]);
  });

  it('records nothing when the endpoint reports no usage or fails before answering', async () => {
    server.reply(() => ({ content: '{"ok": true}', usage: null }));
    await expect(ask()).resolves.toMatchObject({ ok: true });
    server.reply(() => ({ status: 500, body: '{}' }));
    await expect(ask()).resolves.toMatchObject({ ok: false });
    expect(recorded).toEqual([]);
  });
});
