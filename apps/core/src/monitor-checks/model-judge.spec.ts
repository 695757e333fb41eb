import { OpenAiCompatibleClient } from '#llm';
import { openAiCompatibleServerForTests } from '../../../../test/support/openai-compatible-server.js';
import { judgeChangeWithModel } from './model-judge.js';

const server = openAiCompatibleServerForTests();

const model = () =>
  new OpenAiCompatibleClient({
    baseUrl: server.baseUrl,
    model: 'judge-model',
    timeoutMs: 5_000,
    maxRetries: 0,
    maxTokens: 512,
    maxInputChars: 10_000,
  });
const DIFF = '--- previous.md\n+++ current.md\n@@ -1 +1 @@\n-Price: $60\n+Price: $45\n';

describe('the monitor judge through the LLM port', () => {
  it('asks the model with the goal and the diff and labels the verdict with the model', async () => {
    const verdict = {
      meaningful: true,
      confidence: 'high',
      reason: 'The price fell below $50.',
      meaningfulChanges: [
        { type: 'changed', before: 'Price: $60', after: 'Price: $45', reason: 'below $50' },
      ],
    };
    server.reply(() => ({ content: JSON.stringify(verdict) }));
    const judgment = await judgeChangeWithModel(model(), 'Tell me when the price drops below $50', DIFF);
    expect(judgment).toEqual({ ...verdict, judge: 'judge-model' });
    const asked = server.requests
      .at(-1)
      ?.body.messages.map((message) => message.content)
      .join('\n');
    expect(asked).toContain('Goal: Tell me when the price drops below $50');
    expect(asked).toContain('+Price: $45');
  });

  it('falls back to the local judge, saying why, when the model answers nonsense', async () => {
    server.reply(() => ({ content: '{"meaningful": "perhaps"}' }));
    const judgment = await judgeChangeWithModel(model(), 'Tell me when the price drops below $50', DIFF);
    expect(judgment.judge).toBe('local');
    expect(judgment.meaningful).toBe(true);
    expect(judgment.reason).toContain('the model judge-model could not judge');
  });
});
