import { compareJson, describeJsonChanges } from './compare-json.js';

describe('compareJson', () => {
  it('names each changed leaf by its path, with its previous and current value', () => {
    const previous = { title: 'Kettle', price: 59, plans: [{ name: 'Basic', price: 5 }], tags: ['a'] };
    const current = {
      title: 'Kettle',
      price: 45,
      plans: [
        { name: 'Basic', price: 7 },
        { name: 'Pro', price: 9 },
      ],
      tags: ['a'],
    };
    expect(compareJson(previous, current)).toEqual({
      price: { previous: 59, current: 45 },
      'plans[0].price': { previous: 5, current: 7 },
      'plans[1].name': { previous: null, current: 'Pro' },
      'plans[1].price': { previous: null, current: 9 },
    });
  });

  it('sees no change in whitespace, and compares a missing side with null', () => {
    expect(compareJson({ name: 'Blue  kettle ' }, { name: 'Blue kettle' })).toEqual({});
    expect(compareJson(undefined, { name: 'Kettle', price: null })).toEqual({
      name: { previous: null, current: 'Kettle' },
    });
  });

  it('describes the changes as a unified diff of path: value lines', () => {
    expect(describeJsonChanges({ price: { previous: 59, current: 45 } })).toBe(
      '--- previous.json\n+++ current.json\n-price: 59\n+price: 45\n',
    );
  });
});
