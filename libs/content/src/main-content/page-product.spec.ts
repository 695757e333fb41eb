import { toString as hastToString } from 'hast-util-to-string';
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

  it('reads a description the theme wrote URL-encoded as the words it encodes', () => {
    const product = (description: string) =>
      parseHtml(
        `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Sofa', description })}</script>`,
      );
    const text = (description: string) =>
      pageProduct(product(description), url)?.description?.map((node) => hastToString(node));
    expect(text('A%20curved%20sofa%2C%20feather%20cushions.')).toEqual(['A curved sofa, feather cushions.']);
    // Prose that happens to mention a percentage is left as written.
    expect(text('Save 20%20 today')).toEqual(['Save 20%20 today']);
  });

  it('reads the character references a theme wrote into a plain-text description as the characters', () => {
    const tree = parseHtml(
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Tee', description: 'Model is 6&apos;0&quot; &amp; wears M\n\nCotton &lt; 100%' })}</script>`,
    );
    expect(pageProduct(tree, url)?.description?.map((node) => hastToString(node))).toEqual([
      'Model is 6\'0" & wears M',
      'Cotton < 100%',
    ]);
    // Text without a reference is taken as written, so a stray `<` starts no tag.
    const plain = parseHtml(
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'Product', name: 'Tee', description: 'Fits sizes <L and up' })}</script>`,
    );
    expect(pageProduct(plain, url)?.description?.map((node) => hastToString(node))).toEqual([
      'Fits sizes <L and up',
    ]);
  });

  it('counts one microdata schema.org Product as a product page, and several as a listing', () => {
    const item = (name: string) =>
      `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">${name}</h2></div>`;
    expect(pageProduct(parseHtml(item('Kettle')), url)).toEqual({});
    expect(pageProduct(parseHtml(item('Kettle') + item('Toaster')), url)).toBeUndefined();
    expect(pageProduct(parseHtml('<h1>About us</h1>'), url)).toBeUndefined();
  });
});
