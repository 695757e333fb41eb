import { parseNumber } from './coerce.js';

describe('parseNumber', () => {
  it.each([
    ['$1,299.00', 1299],
    ['1.299,50 €', 1299.5],
    ['12,5', 12.5],
    ['4.5 out of 5', 4.5],
    ['12 345 kr', 12345],
    ['-3', -3],
  ])('%s → %d', (text, expected) => expect(parseNumber(text)).toBe(expected));

  it('finds nothing in text without digits', () => expect(parseNumber('free')).toBeUndefined());
});
