import { loadConfig } from './config.js';

describe('LLM settings', () => {
  it('are absent without LLM_BASE_URL: every model-based feature uses its local method', () => {
    expect(loadConfig({}).llm).toBeUndefined();
  });

  it('are read from LLM_* with defaults, and refuse a base URL without a model', () => {
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'qwen2.5:7b',
        LLM_TIMEOUT_MS: '20000',
      }).llm,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      apiKey: undefined,
      timeoutMs: 20_000,
      maxRetries: 2,
      maxTokens: 2_048,
      maxInputChars: 60_000,
    });
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      'LLM_MODEL is required when LLM_BASE_URL is set',
    );
  });
});
