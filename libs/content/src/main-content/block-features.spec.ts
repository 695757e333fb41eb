import { parseHtml } from '#structured';
import { FEATURE_NAMES } from './block-features.js';
import { readPage } from './extract-main-content.js';

/** The value of one feature for the block whose text starts with `start`. */
function feature(html: string, name: (typeof FEATURE_NAMES)[number], start: string): number {
  const page = readPage(parseHtml(`<body>${html}</body>`), {});
  const index = page.blocks.findIndex((block) => block.text.startsWith(start));
  if (index === -1) throw new Error(`no block starts with ${start}`);
  return page.features[page.judged.indexOf(index)]?.[FEATURE_NAMES.indexOf(name)] as number;
}

describe('blockFeatures', () => {
  it('says when a utility class hides a block at every width, not when a breakpoint shows it again', () => {
    const page = `<div class="d-none"><p>Collapsed notice</p></div><p class="invisible">Skip to content</p>
      <p class="hidden lg:block">Desktop teaser</p><div class="d-none d-md-flex"><p>Tablet teaser</p></div>
      <p class="hide-on-mobile">Shown teaser</p>`;
    expect(feature(page, 'hidden by a class', 'Collapsed')).toBe(1);
    expect(feature(page, 'hidden by a class', 'Skip')).toBe(1);
    expect(feature(page, 'hidden by a class', 'Desktop')).toBe(0);
    expect(feature(page, 'hidden by a class', 'Tablet')).toBe(0);
    expect(feature(page, 'hidden by a class', 'Shown')).toBe(0);
  });

  it('says when the markup hides a block (it or a block around it), and when it hides it from screen readers too', () => {
    const page = `<div id="care" role="region" hidden><p>Wash cold</p></div><div style="display: none"><p>Menu item</p></div>
      <div aria-hidden="true"><p>Carousel copy</p></div><p>Shown text</p>`;
    expect(feature(page, 'hidden by markup', 'Wash')).toBe(1);
    expect(feature(page, 'hidden by markup', 'Menu')).toBe(1);
    expect(feature(page, 'hidden from screen readers', 'Menu')).toBe(0);
    expect(feature(page, 'hidden from screen readers', 'Carousel')).toBe(1);
    expect(feature(page, 'hidden by markup', 'Shown')).toBe(0);
  });

  it('measures the page as a reader sees it: a hidden drawer changes no page-wide figure of the visible blocks', () => {
    const thread = `<main><h1>Kettle descaling</h1><div class="post"><p>Vinegar works, but rinse it twice before the next brew.</p></div>
      <div class="post"><p>Citric acid is gentler on the element and leaves no smell behind.</p></div></main>`;
    const drawer = `<div class="drawer" hidden>${'<p>A long hidden paragraph of menu copy, shipping terms and offers for every season.</p>'.repeat(12)}</div>`;
    const pageWide = [
      'page text',
      'page link density',
      'page blocks',
      'position',
      'parent share',
      'text against the longest block',
      'share shared with the longest block',
      'kept by rules',
    ] as const;
    for (const name of pageWide)
      expect(feature(`${thread}${drawer}`, name, 'Citric')).toBe(feature(thread, name, 'Citric'));
    expect(feature(`${thread}${drawer}`, 'kept by rules', 'A long hidden')).toBe(0);
  });

  it('says which landmark holds a block, by tag or role', () => {
    const page = `<header><h1>Title</h1></header><div role="contentinfo"><p>Legal notes</p></div>
      <aside><p>Aside text</p></aside><p>Body text</p>`;
    expect(feature(page, 'in header', 'Title')).toBe(1);
    expect(feature(page, 'in footer', 'Legal')).toBe(1);
    expect(feature(page, 'in aside', 'Aside')).toBe(1);
    for (const landmark of ['in header', 'in footer', 'in aside', 'in nav'] as const)
      expect(feature(page, landmark, 'Body')).toBe(0);
  });

  it('says how near in the tree a block sits to the title and to the longest text', () => {
    const page = `<main><article><h1>Trail shoe</h1><div class="body"><p>Light and grippy, for long days on rough ground.</p></div></article>
      <section class="reviews"><div class="review"><p>Great shoe.</p></div></section></main>`;
    expect(feature(page, 'levels up to the h1', 'Light')).toBe(2);
    expect(feature(page, 'levels up to the h1', 'Great')).toBe(3);
    expect(feature(page, 'share shared with the h1', 'Light')).toBeLessThan(
      feature(page, 'share shared with the h1', 'Great'),
    );
    expect(feature(page, 'levels up to the longest block', 'Light')).toBe(0);
    expect(feature(page, 'levels up to the longest block', 'Trail')).toBe(1);
    expect(feature('<p>No title on this page at all.</p>', 'levels up to the h1', 'No title')).toBe(9);
  });

  it('says when a block names an option a reader picks, and when class names say it is a picker', () => {
    const page = `<div class="swatches"><div class="custom-radio"><input type="radio" id="c1"><label for="c1">Venom trio</label></div></div>
      <p>Keeps drinks cold for hours.</p>`;
    expect(feature(page, 'labels a choice', 'Venom')).toBe(1);
    expect(feature(page, 'named choices', 'Venom')).toBe(0);
    expect(feature(page, 'labels a choice', 'Keeps')).toBe(0);
    expect(feature(page, 'named choices', 'Keeps')).toBe(9);
  });

  it('says when a block opens with a footnote mark', () => {
    const page = '<p>* Image simulated for illustration.</p><p>Four stars, would buy again.</p>';
    expect(feature(page, 'says footnote', '*')).toBe(1);
    expect(feature(page, 'says footnote', 'Four')).toBe(0);
  });

  it('groups blocks laid out alike, numbered class names included, and measures each group', () => {
    const card = (n: number) =>
      `<div class="card card-${n}"><h3><a href="/p/${n}">Post ${n}</a></h3><p>Teaser ${n} of a post.</p></div>`;
    const page = `<nav><ul><li><a href="/">Home</a></li></ul></nav><section>${card(1)}${card(2)}${card(3)}</section>
      <div class="about"><p>About this blog and its author.</p></div>`;
    expect(Math.expm1(feature(page, 'path group blocks', 'Teaser 2'))).toBeCloseTo(3);
    expect(feature(page, 'path group link density', 'Post 1')).toBe(1);
    expect(feature(page, 'path group link density', 'Teaser 1')).toBe(0);
    expect(Math.expm1(feature(page, 'path group blocks', 'About'))).toBeCloseTo(1);
  });

  it('reads the share of function words: high in prose, nil in a menu', () => {
    const page =
      '<p>It was the best of times and it was the worst of times.</p><p>Pricing Features Docs Blog</p>';
    expect(feature(page, 'stopword share', 'It was')).toBeCloseTo(9 / 13);
    expect(feature(page, 'stopword share', 'Pricing')).toBe(0);
  });
});
