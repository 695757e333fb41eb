import { answerGaps } from './answer-gaps.js';

const CONTACT = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    phone: { type: ['string', 'null'] },
    offices: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' } } } },
    owner: { type: 'object', properties: { name: { type: 'string' } } },
  },
};

describe('answerGaps', () => {
  it('names the top-level fields without a value: null, empty, or lists and objects of such', () => {
    expect(
      answerGaps(CONTACT, { name: 'Northpeak', phone: null, offices: [{ city: null }], owner: { name: '' } }),
    ).toEqual({
      complete: false,
      fields: ['phone', 'offices', 'owner'],
    });
    expect(answerGaps(CONTACT, null)).toEqual({
      complete: false,
      fields: ['name', 'phone', 'offices', 'owner'],
    });
    expect(
      answerGaps(CONTACT, {
        name: 'Northpeak',
        phone: '0',
        offices: [{ city: 'Leeds' }],
        owner: { name: 'Ada' },
      }),
    ).toEqual({ complete: true, fields: [] });
  });

  it('without fields to read, asks for any answer at all', () => {
    expect(answerGaps(undefined, { answer: null })).toEqual({ complete: false, fields: [] });
    expect(answerGaps(undefined, { answer: 'Leeds' })).toEqual({ complete: true, fields: [] });
    expect(answerGaps({ type: 'array', items: { type: 'string' } }, [])).toEqual({
      complete: false,
      fields: [],
    });
  });
});
