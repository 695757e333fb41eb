import { validateExtractRequest } from './validate-extract-request.js';

const schema = { type: 'object', properties: { name: { type: 'string' } } };

describe('validateExtractRequest', () => {
  it('turns the schema and prompt into a json-format scrape of every URL, wildcards marked', () => {
    const extract = validateExtractRequest({
      urls: ['a.test/item', 'https://b.test/docs/*', 'ftp://x'],
      schema,
      prompt: 'the name',
      ignoreInvalidURLs: true,
      scrapeOptions: { waitFor: 500 },
    });
    expect(extract.ok && extract.value).toMatchObject({
      targets: [
        { url: 'http://a.test/item', wildcard: false },
        { url: 'https://b.test/docs', wildcard: true },
      ],
      invalidURLs: ['ftp://x'],
      scrapeRequest: { formats: [{ type: 'json', schema, prompt: 'the name' }], waitFor: 500 },
      promptOnly: false,
      showSources: false,
      unsupported: [],
    });
  });

  it('needs a schema or a prompt, refuses formats of its own, and names what is not built', () => {
    expect(validateExtractRequest({ urls: ['a.test'] })).toMatchObject({
      ok: false,
      error: 'extract needs a schema or a prompt',
    });
    expect(
      validateExtractRequest({ urls: ['a.test'], schema, scrapeOptions: { formats: ['html'] } }),
    ).toMatchObject({
      ok: false,
      details: [{ path: ['scrapeOptions', 'formats'] }],
    });
    expect(validateExtractRequest({ urls: ['a.test'], schema: { type: 'objekt' } })).toMatchObject({
      ok: false,
      details: [{ path: ['schema'] }],
    });
    const prompt = validateExtractRequest({
      urls: ['a.test'],
      prompt: 'x',
      enableWebSearch: true,
      webhook: 'http://h.test',
    });
    expect(prompt.ok && prompt.value).toMatchObject({
      promptOnly: true,
      webSearchQuery: 'x',
      unsupported: ['webhook'],
    });
    // Pages come from the URLs, or from a web search for the prompt.
    expect(validateExtractRequest({ prompt: 'kettles', enableWebSearch: true })).toMatchObject({
      ok: true,
      value: { targets: [], webSearchQuery: 'kettles' },
    });
    expect(validateExtractRequest({ schema: { type: 'object' }, enableWebSearch: true })).toMatchObject({
      ok: false,
      details: [{ path: ['prompt'] }],
    });
    expect(validateExtractRequest({ prompt: 'kettles' })).toMatchObject({
      ok: false,
      details: [{ path: ['urls'] }],
    });
  });
});
