import { extractionWarnings, mergeExtracted, missingOnPage } from './merge-extracted.js';

describe('mergeExtracted', () => {
  it('joins lists, merges objects field by field and takes single values from the first page that has one', () => {
    const merged = mergeExtracted([
      { url: 'https://a.test/1', value: { name: '', price: 19, tags: ['lamp'], maker: { city: null } } },
      {
        url: 'https://a.test/2',
        value: { name: 'Desk lamp', price: 21, tags: ['lamp', 'brass'], maker: { city: 'Oslo' } },
      },
      { url: 'https://a.test/3', value: null },
    ]);
    expect(merged.data).toEqual({
      name: 'Desk lamp',
      price: 19,
      tags: ['lamp', 'brass'],
      maker: { city: 'Oslo' },
    });
    expect(merged.sources).toEqual({
      name: ['https://a.test/2'],
      price: ['https://a.test/1', 'https://a.test/2'],
      tags: ['https://a.test/1', 'https://a.test/2'],
      maker: ['https://a.test/1', 'https://a.test/2'],
    });
  });

  it('keeps each list item once, and answers null when no page gave anything', () => {
    expect(
      mergeExtracted([
        { url: 'u1', value: [{ sku: 'A' }, { sku: 'B' }] },
        { url: 'u2', value: [{ sku: 'B' }, { sku: 'C' }] },
      ]).data,
    ).toEqual([{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }]);
    expect(mergeExtracted([]).data).toBeNull();
    expect(mergeExtracted([{ url: 'u', value: { name: null } }]).data).toEqual({ name: null });
  });

  it("merges a listing's card and the item's own page into one item, by its address or name, unless they differ", () => {
    const merged = mergeExtracted([
      {
        url: 'https://shop.test/lamps',
        value: {
          products: [
            { name: 'Desk Lamp', url: 'https://shop.test/desk-lamp', price: 19, maker: null },
            { name: 'Floor Lamp', url: 'https://shop.test/floor-lamp', price: 49, maker: null },
            { name: 'Gift card', url: 'https://shop.test/gift-card-10', price: 10, maker: null },
          ],
        },
      },
      {
        url: 'https://shop.test/desk-lamp',
        value: { products: [{ name: 'desk lamp ', url: null, price: 19, maker: 'Tern' }] },
      },
      {
        url: 'https://shop.test/gift-card-25',
        value: {
          products: [{ name: 'Gift card', url: 'https://shop.test/gift-card-25', price: 25, maker: null }],
        },
      },
    ]);
    expect(merged.data).toEqual({
      products: [
        { name: 'Desk Lamp', url: 'https://shop.test/desk-lamp', price: 19, maker: 'Tern' },
        { name: 'Floor Lamp', url: 'https://shop.test/floor-lamp', price: 49, maker: null },
        { name: 'Gift card', url: 'https://shop.test/gift-card-10', price: 10, maker: null },
        // Named alike, at another address: another item.
        { name: 'Gift card', url: 'https://shop.test/gift-card-25', price: 25, maker: null },
      ],
    });
    // One page's items are as many as it lists.
    const plans = [
      { name: 'Pro', price: 10 },
      { name: 'Pro', price: 100 },
    ];
    expect(mergeExtracted([{ url: 'https://shop.test/plans', value: plans }]).data).toEqual(plans);
  });

  it('names the fields no page gave, through nested objects', () => {
    const merged = mergeExtracted([
      { url: 'u1', value: { phone: null, address: { city: null, street: '1 Quay St' }, tags: [] } },
      { url: 'u2', value: { phone: '+1 555 0100', address: { city: null }, tags: [] } },
    ]);
    expect(merged.missing).toEqual(['address.city', 'tags']);
    expect(mergeExtracted([{ url: 'u', value: ['a'] }]).missing).toEqual([]);
  });
});

describe('extractionWarnings', () => {
  it("says each page's note once, without what one page alone lacked, then what no page gave", () => {
    const local = 'json was filled by the local extractor (page structured data and labels)';
    const pages = [
      `${local}; ${missingOnPage(['phone', 'address.city'])}. redactPII accurate by the local redactor (no model)`,
      `${local}; ${missingOnPage(['address.city'])}`,
      local,
    ];
    expect(extractionWarnings(pages, ['address.city'])).toEqual([
      `${local}. redactPII accurate by the local redactor (no model)`,
      local,
      'not found on any page, so null: address.city',
    ]);
    expect(extractionWarnings([], [])).toEqual([]);
  });
});
