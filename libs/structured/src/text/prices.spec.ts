import { findPrice } from './prices.js';

describe('findPrice', () => {
  it('reads a price written without thousands separators whole', () => {
    expect(findPrice('From $1099 or $91.58/mo.')).toEqual({
      amount: 1099,
      currency: 'USD',
      formatted: '$1099',
    });
    expect(findPrice('Galaxy S25 Ultra $ 1299.99')).toMatchObject({
      amount: 1299.99,
      formatted: '$ 1299.99',
    });
    expect(findPrice('Ab 1299 € inkl. MwSt.')).toMatchObject({ amount: 1299, currency: 'EUR' });
  });

  it('reads thousands separators and decimal commas as pages write them', () => {
    expect(findPrice('Now $1,299.99')).toMatchObject({ amount: 1299.99 });
    expect(findPrice('Preis: 12,50 €')).toMatchObject({ amount: 12.5, currency: 'EUR' });
    expect(findPrice('£6.50 a bowl')).toMatchObject({ amount: 6.5, currency: 'GBP' });
  });
});
