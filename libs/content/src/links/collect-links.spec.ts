import { parseHtml } from '#structured';
import { resolveUrls } from '../parse/resolve-urls.js';
import { collectImages, collectLinks } from './collect-links.js';

function tree(html: string) {
  const root = parseHtml(html);
  resolveUrls(root, 'https://site.test/a/');
  return root;
}

describe('collectLinks', () => {
  it('lists absolute http(s) and mailto links once each, in document order', () => {
    const links = collectLinks(
      tree(
        '<a href="b">1</a><a href="mailto:team@site.test">2</a><a href="https://other.test/">3</a><a href="b">4</a><area href="/map">',
      ),
    );
    expect(links).toEqual([
      'https://site.test/a/b',
      'mailto:team@site.test',
      'https://other.test/',
      'https://site.test/map',
    ]);
  });

  it('leaves out same-page fragments, scripts and other schemes', () => {
    const links = collectLinks(
      tree('<a href="#comments">c</a><a href="javascript:void(0)">j</a><a href="tel:123">t</a><a>none</a>'),
    );
    expect(links).toEqual([]);
  });
});

describe('collectImages', () => {
  const html =
    '<img src="a.png"><img srcset="s.png 1x, l.png 2x"><img src="a.png"><img src="data:image/gif;base64,R0l"><img>';

  it('lists every image source (largest srcset candidate) once, in document order', () => {
    expect(collectImages(tree(html), { removeBase64Images: true })).toEqual([
      'https://site.test/a/a.png',
      'https://site.test/a/l.png',
    ]);
  });

  it('keeps base64 images only when they are not removed', () => {
    expect(collectImages(tree(html), { removeBase64Images: false })).toContain('data:image/gif;base64,R0l');
  });
});
