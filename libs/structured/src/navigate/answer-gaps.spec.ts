import { answeredFields, answerGaps } from './answer-gaps.js';

const CONTACT = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    phone: { type: ['string', 'null'] },
    offices: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' } } } },
    owner: { type: 'object', properties: { name: { type: 'string' } } },
  },
};

describe('answeredFields and answerGaps', () => {
  it('names the top-level fields with a value: not null, empty, or lists and objects of such', () => {
    expect(
      answeredFields(CONTACT, {
        name: 'Northpeak',
        phone: null,
        offices: [{ city: null }],
        owner: { name: '' },
      }),
    ).toEqual(['name']);
    expect(answeredFields(CONTACT, null)).toEqual([]);
    expect(
      answeredFields(CONTACT, { phone: '0', offices: [{ city: 'Leeds' }], owner: { name: 'Ada' } }),
    ).toEqual(['phone', 'offices', 'owner', 'offices[].city']);
  });

  it('reads the pages of a run together: what none of them answered is missing', () => {
    expect(answerGaps(CONTACT, [])).toEqual({
      complete: false,
      fields: ['name', 'phone', 'offices', 'owner'],
      listsLacking: [],
    });
    const home = answeredFields(CONTACT, { name: 'Northpeak', phone: null });
    const contact = answeredFields(CONTACT, { phone: '0113 496 0000', offices: [{ city: 'Leeds' }] });
    expect(answerGaps(CONTACT, [...home, ...contact])).toEqual({
      complete: false,
      fields: ['owner'],
      listsLacking: [],
    });
    expect(answerGaps(CONTACT, [...home, ...contact, 'owner'])).toEqual({
      complete: true,
      fields: [],
      listsLacking: [],
    });
  });

  it("names a list's item fields that no item gave: each item's own page may give them", () => {
    const LAMPS = {
      type: 'object',
      properties: {
        lamps: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, height_cm: { type: 'number' } } },
        },
      },
    };
    const listing = answeredFields(LAMPS, {
      lamps: [{ name: 'Lamp A', height_cm: null }, { name: 'Lamp B' }],
    });
    expect(listing).toEqual(['lamps', 'lamps[].name']);
    expect(answerGaps(LAMPS, listing)).toEqual({
      complete: false,
      fields: ['lamps[].height_cm'],
      listsLacking: ['lamps'],
    });
    const lampPage = answeredFields(LAMPS, { lamps: [{ name: 'Lamp A', height_cm: 18 }] });
    expect(answerGaps(LAMPS, [...listing, ...lampPage])).toMatchObject({ complete: true, listsLacking: [] });
  });

  it('without fields to read, asks for any answer at all', () => {
    expect(answeredFields(undefined, { answer: null })).toEqual([]);
    expect(answerGaps(undefined, answeredFields(undefined, { answer: null }))).toEqual({
      complete: false,
      fields: [],
      listsLacking: [],
    });
    expect(answerGaps(undefined, answeredFields(undefined, { answer: 'Leeds' }))).toMatchObject({
      complete: true,
      fields: [],
    });
    const list = { type: 'array', items: { type: 'string' } };
    expect(answerGaps(list, answeredFields(list, []))).toMatchObject({ complete: false, fields: [] });
    expect(answerGaps(list, answeredFields(list, ['Leeds']))).toMatchObject({ complete: true, fields: [] });
  });
});
