import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '#structured';
import { keepOnly, removeMatching } from './tag-filters.js';

const page =
  '<body><div class="card"><h2>One</h2><p class="note">n1</p></div><p>loose</p><div class="card"><h2>Two</h2></div></body>';

describe('keepOnly (includeTags)', () => {
  it('keeps the matching elements in document order, nested matches once', () => {
    const kept = keepOnly(parseHtml(page), ['.card', 'h2']);
    expect(toHtml(kept)).toBe(
      '<body><div class="card"><h2>One</h2><p class="note">n1</p></div><div class="card"><h2>Two</h2></div></body>',
    );
  });

  it('keeps nothing when nothing matches', () => {
    expect(toHtml(keepOnly(parseHtml(page), ['table']))).toBe('<body></body>');
  });
});

describe('removeMatching (excludeTags)', () => {
  it('removes every element a selector matches, combinators included', () => {
    const tree = parseHtml(page);
    removeMatching(tree, ['.card > .note', 'body > p']);
    expect(toHtml(tree)).toBe(
      '<html><head></head><body><div class="card"><h2>One</h2></div><div class="card"><h2>Two</h2></div></body></html>',
    );
  });
});
