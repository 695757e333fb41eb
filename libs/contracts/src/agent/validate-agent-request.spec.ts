import { validateAgentRequest } from './validate-agent-request.js';

describe('validateAgentRequest', () => {
  it('is an extract job: the given URLs, else a web search for the prompt, and their links unless held to them, spending at most maxCredits', () => {
    const withUrls = validateAgentRequest({
      prompt: 'prices',
      urls: ['a.test/one'],
      schema: { type: 'object' },
      maxCredits: 3,
      model: 'spark-1-mini',
    });
    expect(withUrls.ok && withUrls.value.extract).toMatchObject({
      targets: [{ url: 'http://a.test/one', wildcard: false }],
      maxPages: 100,
      maxCredits: 3,
      promptOnly: false,
      followLinks: true,
      unsupported: [],
    });
    const constrained = validateAgentRequest({
      prompt: 'prices',
      urls: ['a.test/one'],
      strictConstrainToURLs: true,
    });
    expect(constrained.ok && 'followLinks' in constrained.value.extract).toBe(false);
    expect(withUrls.ok && withUrls.value.extract.webSearchQuery).toBeUndefined();
    const searched = validateAgentRequest({ prompt: 'prices of kettles' });
    expect(searched.ok && 'maxCredits' in searched.value.extract).toBe(false);
    expect(searched.ok && searched.value.extract).toMatchObject({
      targets: [],
      webSearchQuery: 'prices of kettles',
      maxPages: 100,
      promptOnly: true,
    });
  });

  it('refuses what is not built by name, and bad input with the field', () => {
    const chat = validateAgentRequest({
      prompt: 'x',
      mode: 'chat',
      threadId: 't1',
      webhook: 'http://h.test',
    });
    expect(chat.ok && chat.value.extract.unsupported).toEqual(['threadId', 'mode: chat', 'webhook']);
    expect(validateAgentRequest({})).toMatchObject({
      ok: false,
      details: expect.arrayContaining([{ path: ['prompt'], message: 'prompt is required' }]),
    });
    expect(validateAgentRequest({ prompt: 'x', maxCredits: 0 })).toMatchObject({
      ok: false,
      details: [{ path: ['maxCredits'] }],
    });
    expect(validateAgentRequest({ prompt: 'x', model: 'gpt-9' })).toMatchObject({ ok: false });
  });
});
