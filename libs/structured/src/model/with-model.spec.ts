import type { StructuredResult } from '#llm';
import { scriptedModel as scripted } from '../../../../test/support/scripted-model.js';
import { extractStructured } from '../extract-structured.js';
import { fixtureHtml, fixtureMarkdown } from '../fixture-pages.spec-helper.js';
import type { StructuredRequest } from '../types.js';
import { withModel } from './with-model.js';

/** Long enough for every fixture page: no test here is about cutting the page. */
const scriptedModel = (answers: Record<string, StructuredResult<unknown>>) =>
  scripted(answers, { maxInputChars: 100_000 });

const request: StructuredRequest = {
  json: { schema: { type: 'object', properties: { builder: { type: 'string' } } }, prompt: 'Who built it?' },
  summary: true,
  question: 'How tall is the tower?',
  highlights: 'fog signal',
};
const local = () =>
  extractStructured({
    html: fixtureHtml('lighthouse'),
    url: 'http://site.test/',
    markdown: fixtureMarkdown('lighthouse'),
    request,
  });

describe('withModel', () => {
  it("replaces the local results with the model's validated answers and says which model made them", async () => {
    const model = scriptedModel({
      extraction: { ok: true, value: { builder: 'Thomas Albery' }, attempts: 1 },
      summary: { ok: true, value: { summary: 'A granite-headland lighthouse from 1871.' }, attempts: 1 },
      answer: { ok: true, value: { answered: true, answer: '34 metres' }, attempts: 1 },
      highlights: {
        ok: true,
        value: {
          highlights: [
            'The fog signal was switched off in 2011 after complaints from residents.',
            'Fog horns are loud.',
          ],
        },
        attempts: 1,
      },
    });
    const output = await withModel(model, local(), request);
    expect(output).toMatchObject({
      json: { builder: 'Thomas Albery' },
      summary: 'A granite-headland lighthouse from 1871.',
      answer: '34 metres',
      highlights: 'The fog signal was switched off in 2011 after complaints from residents.',
    });
    expect(output.notes).toEqual({
      json: 'json by model scripted',
      summary: 'summary by model scripted',
      answer: 'answer by model scripted',
      highlights: 'highlights by model scripted; 1 passage(s) that were not quotes of the page dropped',
    });
    const extraction = model.asked.find((asked) => asked.schemaName === 'extraction');
    expect(extraction?.schema).toEqual(request.json?.schema);
    expect(extraction?.messages[1].content).toContain('Who built it?');
    expect(extraction?.messages[1].content).toContain('The lighthouse at Cape Wren was built in 1871');
  });

  it('keeps the local result and says why when the model fails or does not quote the page', async () => {
    const before = local();
    const model = scriptedModel({
      extraction: {
        ok: false,
        reason: "the model's answer did not match the schema twice (/builder must be string)",
        attempts: 2,
      },
      summary: { ok: false, reason: 'the model endpoint failed: HTTP 401: unauthorised', attempts: 1 },
      answer: { ok: true, value: { answered: false, answer: '' }, attempts: 1 },
      highlights: { ok: true, value: { highlights: ['Invented sentence about fog.'] }, attempts: 1 },
    });
    const output = await withModel(model, before, request);
    expect(output.json).toEqual(before.json);
    expect(output.summary).toBe(before.summary);
    expect(output.highlights).toBe(before.highlights);
    expect(output.answer).toBe('The page does not answer this question.');
    expect(output.notes.json).toMatch(
      /^json: the model's answer did not match the schema twice .*; the local method's result is given instead \(json was filled by the local extractor/,
    );
    expect(output.notes.summary).toMatch(/^summary: the model endpoint failed: HTTP 401/);
    expect(output.notes.highlights).toMatch(/^highlights: the model's passages are not quotes of the page/);
  });

  it('answers the query format free-form or as quotes of the page, locally and by the model', async () => {
    const markdown = fixtureMarkdown('lighthouse');
    const localOf = (query: StructuredRequest['query']) =>
      extractStructured({ html: '', url: 'http://site.test/', markdown, request: { query } });
    const freeform = { prompt: 'Who was the last head keeper?', mode: 'freeform' } as const;
    const quote = { prompt: 'fog signal', mode: 'directQuote' } as const;
    expect(localOf(freeform).answer).toMatch(/Agnes Porthleven/);
    expect(localOf(quote).answer).toContain('The fog signal was switched off in 2011');
    expect(markdown).toContain(localOf(quote).answer);

    const model = scriptedModel({
      answer: { ok: true, value: { answered: true, answer: 'Agnes Porthleven' }, attempts: 1 },
      highlights: {
        ok: true,
        value: {
          highlights: [
            'The fog signal was switched off in 2011 after complaints from residents.',
            'Made up.',
          ],
        },
        attempts: 1,
      },
    });
    expect(await withModel(model, localOf(freeform), { query: freeform })).toMatchObject({
      answer: 'Agnes Porthleven',
      notes: { answer: 'answer by model scripted' },
    });
    expect(await withModel(model, localOf(quote), { query: quote })).toMatchObject({
      answer: 'The fog signal was switched off in 2011 after complaints from residents.',
      notes: { answer: 'answer by model scripted; 1 passage(s) that were not quotes of the page dropped' },
    });
  });

  it("passes the caller's abort signal to every model call", async () => {
    const model = scriptedModel({
      summary: { ok: false, reason: 'the model endpoint failed: the scrape ran out of time', attempts: 1 },
    });
    const deadline = new AbortController();
    await withModel(model, local(), { summary: true }, deadline.signal);
    expect(model.asked.map((asked) => asked.signal)).toEqual([deadline.signal]);
  });
});
