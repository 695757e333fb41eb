import { parseHtml } from '#structured';
import { pageProduct } from './page-product.js';

const url = 'https://shop.test/p/1';

describe('pageProduct', () => {
  it('finds the one product a page describes in JSON-LD, with its description', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Kettle',
      description: 'Boils water.',
    };
    const tree = parseHtml(
      `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script><h1>Kettle</h1>`,
    );
    expect(pageProduct(tree, url)?.description).toHaveLength(1);
  });

  it('counts one microdata schema.org Product as a product page, and several as a listing', () => {
    const item = (name: string) =>
      `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">${name}</h2></div>`;
    expect(pageProduct(parseHtml(item('Kettle')), url)).toEqual({});
    expect(pageProduct(parseHtml(item('Kettle') + item('Toaster')), url)).toBeUndefined();
    expect(pageProduct(parseHtml('<h1>About us</h1>'), url)).toBeUndefined();
  });
});
