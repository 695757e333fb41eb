import { mainContentBlocks } from '../convert-page.js';
import { FEATURE_NAMES } from './block-features.js';
import { EXTRACTION_MODEL } from './block-model.generated.js';
import { PAGE_TYPES, PAGE_VECTOR_NAMES, pageTypeProbabilities, pageVector } from './page-type.js';

const sentence = (topic: string) =>
  `The ${topic} is described here in a full sentence with enough words to read as prose, and it goes on for a while.`;
const nav = `<header><nav><a href="/">Home</a><a href="/shop">Shop</a><a href="/blog">Blog</a><a href="/help">Help</a></nav></header>`;

/** The kind the shipped page-kind models find likeliest for a page, read as extraction reads it. */
function likeliestKind(html: string, url: string): string {
  const { blocks, features } = mainContentBlocks({ html, url });
  const probabilities = pageTypeProbabilities(
    pageVector(
      features,
      blocks.map((block) => block.words),
    ),
    EXTRACTION_MODEL.pageTypes,
  );
  expect(probabilities.reduce((sum, probability) => sum + probability, 0)).toBeCloseTo(1);
  return PAGE_TYPES[probabilities.indexOf(Math.max(...probabilities))] as string;
}

describe('page kinds', () => {
  it('sums block features over the page per word and per block, after the page-wide features', () => {
    const row = (price: number, link: number) =>
      FEATURE_NAMES.map((name) => (name === 'says price' ? price : name === 'link density' ? link : 0));
    const vector = pageVector([row(1, 0), row(0, 1)], [30, 10]);
    const at = (name: string) => vector[PAGE_VECTOR_NAMES.indexOf(name)];
    expect(vector).toHaveLength(PAGE_VECTOR_NAMES.length);
    expect(at('says price, per word')).toBeCloseTo(0.75);
    expect(at('says price, share of blocks')).toBeCloseTo(0.5);
    expect(at('link density, per word')).toBeCloseTo(0.25);
  });

  it('reads a shop page that sells one thing as a product', () => {
    const html = `<html><head><title>Linen shirt</title><script type="application/ld+json">
      {"@context":"https://schema.org","@type":"Product","name":"Linen shirt","offers":{"@type":"Offer","price":"49.00"}}
      </script></head><body>${nav}<main><h1>Linen shirt</h1><p class="price">$49.00</p>
      <form><label>S</label><label>M</label><label>L</label><button>Add to cart</button></form>
      <div class="product-description"><p>${sentence('washed linen')}</p><p>${sentence('relaxed collar')}</p></div>
      <ul><li>100% linen</li><li>Machine wash cold</li><li>Made in Portugal</li></ul></main></body></html>`;
    expect(likeliestKind(html, 'https://shop.test/products/linen-shirt')).toBe('product');
  });

  it('reads a thread of replies as a forum', () => {
    const post = (author: string, day: number, topic: string) =>
      `<div class="post"><div class="author"><a href="/u/${author}">${author}</a> <time>May ${day}, 2024</time></div>
      <div class="post-body"><p>${sentence(topic)}</p></div><a href="#reply">Reply</a> <a href="#like">Like</a></div>`;
    const html = `<html><head><title>Pruning roses in spring</title></head><body>${nav}<h1>Pruning roses in spring</h1>
      ${post('ada', 1, 'question about pruning')}${post('ben', 2, 'answer about cutting above a bud')}
      ${post('cy', 3, 'note about gloves')}${post('ada', 4, 'thanks and a result')}</body></html>`;
    expect(likeliestKind(html, 'https://garden.test/t/pruning-roses-in-spring/4812')).toBe('forum');
  });

  it('reads dated prose as an article', () => {
    const html = `<html><head><title>Caring for a kettle</title><meta property="og:type" content="article"></head>
      <body>${nav}<article><h1>Caring for a kettle</h1><p class="byline">By Ada, May 6, 2024</p>
      ${['limescale', 'vinegar rinse', 'filter', 'lid hinge', 'base contacts', 'storage']
        .map((topic) => `<p>${sentence(topic)} ${sentence(`${topic} again`)}</p>`)
        .join('')}</article></body></html>`;
    expect(likeliestKind(html, 'https://home.test/blog/2024/05/caring-for-a-kettle')).toBe('article');
  });
});
