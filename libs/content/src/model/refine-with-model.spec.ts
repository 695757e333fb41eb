import { PII_ENTITIES } from '#redaction';
import { scriptedModel } from '../../../../test/support/scripted-model.js';
import type { PageInput } from '../types.js';
import { localPartOf, refineWithModel } from './refine-with-model.js';

const markdown = [
  'Home › News › Science',
  '# Tide pools of Cape Wren',
  'Ada Lovelace from Truro counted 41 anemones; write to ada@example.org for the data.',
  'Ads by PartnerNet: cheap flights to anywhere.',
  '```\nconst pools = 12;\n```',
].join('\n\n');

const input: PageInput = {
  html: '',
  url: 'http://site.test/',
  formats: ['markdown'],
  onlyMainContent: true,
  removeBase64Images: true,
  onlyCleanContent: true,
  redactPII: { entities: PII_ENTITIES, mode: 'accurate', replaceStyle: 'tag' },
};

describe('refineWithModel', () => {
  it('leaves onlyCleanContent and accurate redaction to the model, keeping fast redaction local', () => {
    expect(localPartOf(input, null)).toBe(input);
    const model = scriptedModel({});
    expect(localPartOf(input, model)).toMatchObject({ onlyCleanContent: false, redactPII: undefined });
    const fast = { ...input, redactPII: { ...input.redactPII, mode: 'fast' } } as PageInput;
    expect(localPartOf(fast, model).redactPII).toEqual(fast.redactPII);
  });

  it('cuts the blocks the model names (never code) and redacts its spans only where they stand verbatim', async () => {
    const model = scriptedModel({
      boilerplate: { ok: true, value: { boilerplate: [0, 3, 4] }, attempts: 1 },
      pii: {
        ok: true,
        value: {
          spans: [
            { entity: 'PERSON', text: 'Ada Lovelace' },
            { entity: 'LOCATION', text: 'Truro' },
            { entity: 'PERSON', text: 'Charles Babbage' },
          ],
        },
        attempts: 1,
      },
    });
    const output = await refineWithModel(model, input, { markdown, metadata: {} });
    expect(output.markdown).toBe(
      [
        '# Tide pools of Cape Wren',
        '<PERSON> from <LOCATION> counted 41 anemones; write to <EMAIL> for the data.',
        '```\nconst pools = 12;\n```',
      ].join('\n\n'),
    );
    expect(output.notes).toEqual([
      'onlyCleanContent by model scripted: 2 boilerplate block(s) removed; 1 code, table or math block(s) it named kept',
      'redactPII accurate by model scripted: validated patterns plus 2 span(s) the model named, each found verbatim in the text; 1 proposal(s) not found verbatim in the text ignored',
    ]);
    // The model read the blocks numbered, and the cleaned text (never the removed blocks) for redaction.
    expect(model.asked[0].messages[1].content).toContain('[3] (paragraph) Ads by PartnerNet');
    expect(model.asked[1].messages[1].content).not.toContain('PartnerNet');
  });

  it('redacts the formats read from the text with what the model found in the markdown', async () => {
    const model = scriptedModel({
      boilerplate: { ok: true, value: { boilerplate: [] }, attempts: 1 },
      pii: { ok: true, value: { spans: [{ entity: 'PERSON', text: 'Ada Lovelace' }] }, attempts: 1 },
    });
    const output = await refineWithModel(model, input, {
      markdown,
      metadata: {},
      structured: {
        summary: 'Ada Lovelace counted 41 anemones (ada@example.org).',
        json: { by: ['Ada Lovelace'] },
        notes: {},
      },
    });
    expect(output.structured).toMatchObject({
      summary: '<PERSON> counted 41 anemones (<EMAIL>).',
      json: { by: ['<PERSON>'] },
    });
  });

  it('falls back to the local methods, saying why, when the model fails', async () => {
    const failed = { ok: false, reason: 'the model endpoint failed: HTTP 503', attempts: 1 } as const;
    const model = scriptedModel({ boilerplate: failed, pii: failed });
    const output = await refineWithModel(model, input, { markdown, metadata: {} });
    expect(output.markdown).not.toContain('Home › News');
    expect(output.markdown).not.toContain('ada@example.org');
    expect(output.notes).toEqual([
      'onlyCleanContent: the model endpoint failed: HTTP 503; the local block classifier was used instead',
      'redactPII accurate: the model endpoint failed: HTTP 503; the local method (validated patterns and local NER) was used instead',
    ]);
  });

  it('passes the deadline to every model call', async () => {
    const model = scriptedModel({
      boilerplate: { ok: true, value: { boilerplate: [] }, attempts: 1 },
      pii: { ok: true, value: { spans: [] }, attempts: 1 },
    });
    const deadline = new AbortController().signal;
    await refineWithModel(model, input, { markdown, metadata: {} }, deadline);
    expect(model.asked.map((asked) => asked.signal)).toEqual([deadline, deadline]);
  });
});
