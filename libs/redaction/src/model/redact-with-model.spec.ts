import type { LlmPort, StructuredRequest } from '#llm';
import { PII_ENTITIES } from '../types.js';
import { redactWithModel } from './redact-with-model.js';

/** A model that names the given spans, and records what it was asked. */
function namingModel(spans: { entity: string; text: string }[], maxInputChars = 10_000) {
  const asked: StructuredRequest[] = [];
  const llm: LlmPort = {
    model: 'scripted',
    maxInputChars,
    async structured<T>(request: StructuredRequest) {
      asked.push(request);
      return { ok: true, value: { spans } as T, attempts: 1 };
    },
  };
  return { llm, asked };
}

const options = { entities: PII_ENTITIES, mode: 'accurate', replaceStyle: 'tag' } as const;

describe('redactWithModel', () => {
  it('redacts every whole-word place of a named span, never part of a longer word', async () => {
    const { llm } = namingModel([{ entity: 'PERSON', text: 'Ada' }]);
    const result = await redactWithModel(llm, 'Ada met Adam; later Ada left.', options);
    expect(result).toMatchObject({ ok: true, text: '<PERSON> met Adam; later <PERSON> left.' });
  });

  it('keeps the validated patterns even when the model misses them, and asks only for the chosen entities', async () => {
    const { llm, asked } = namingModel([]);
    const result = await redactWithModel(llm, 'Mail ada@example.org.', { ...options, entities: ['EMAIL'] });
    expect(result).toMatchObject({ ok: true, text: 'Mail <EMAIL>.' });
    expect(JSON.stringify(asked[0].schema)).toContain('"enum":["EMAIL"]');
  });

  it('declines a text longer than the model takes, without asking it', async () => {
    const { llm, asked } = namingModel([], 10);
    expect(await redactWithModel(llm, 'A text of more than ten characters.', options)).toEqual({
      ok: false,
      reason: 'the markdown (35 characters) is longer than the model takes (10)',
    });
    expect(asked).toHaveLength(0);
  });
});
