import { ADDRESS_FEATURE_NAMES, addressFeatures } from './address-kinds.js';

/** The named features of an address, as an object. */
const featuresOf = (address: string | undefined) =>
  Object.fromEntries(ADDRESS_FEATURE_NAMES.map((name, index) => [name, addressFeatures(address)[index]]));

describe('addressFeatures', () => {
  it.each([
    ['https://shop.example/products/wool-runner', 'address says product'],
    ['https://shop.example/collections/mens-shoes/', 'address says listing'],
    ['https://community.example.org/t/upgrade-stuck/724779', 'address says discussion'],
    ['https://forum.example.com/some-board/', 'address says discussion'],
    ['https://cooking.stackexchange.com/questions/12068/catering', 'address says discussion'],
    ['https://example.com/2025/09/04/fall-trends/', 'address says article'],
    ['https://example.com/blog/health-trends', 'address says article'],
    ['https://docs.example.dev/en/5.1/ref/middleware/', 'address says documentation'],
    ['https://requests.readthedocs.io/en/latest/user/advanced/', 'address says documentation'],
  ])('%s: %s, and no other kind', (address, kind) => {
    const features = featuresOf(address);
    const kinds = ADDRESS_FEATURE_NAMES.filter((name) => name.startsWith('address says'));
    for (const name of kinds) expect([name, features[name]]).toEqual([name, name === kind ? 1 : 0]);
  });

  it('measures the path: its depth, the words of its last part, and whether it holds an id', () => {
    expect(featuresOf('https://example.com/how-to-book-a-flight/')).toMatchObject({
      'address depth': 1,
      'address slug words': 5,
      'address holds a number': 0,
    });
    expect(featuresOf('https://example.com/mens/moon-silver/28000436.html')).toMatchObject({
      'address depth': 3,
      'address holds a number': 1,
    });
  });

  it('says nothing of a page without a valid address', () => {
    expect(addressFeatures(undefined)).toEqual(ADDRESS_FEATURE_NAMES.map(() => 0));
    expect(addressFeatures('not an address')).toEqual(ADDRESS_FEATURE_NAMES.map(() => 0));
  });
});
