import { parseHtml } from '#structured';
import { resolveUrls } from '../parse/resolve-urls.js';
import { collectImages, collectLinks } from './collect-links.js';

const BASE = 'https://site.test/a/';

function tree(html: string) {
  const root = parseHtml(html);
  resolveUrls(root, BASE);
  return root;
}

describe('collectLinks', () => {
  it('lists absolute http(s), mailto and tel links once each, in document order', () => {
    const links = collectLinks(
      tree(
        '<a href="b">1</a><a href="mailto:team@site.test">2</a><a href="https://other.test/">3</a><a href="b">4</a><area href="/map"><a href="tel:+441234567">5</a>',
      ),
    );
    expect(links).toEqual([
      'https://site.test/a/b',
      'mailto:team@site.test',
      'https://other.test/',
      'https://site.test/map',
      'tel:+441234567',
    ]);
  });

  it('leaves out same-page fragments, scripts and other schemes', () => {
    const links = collectLinks(
      tree('<a href="#comments">c</a><a href="javascript:void(0)">j</a><a href="sms:123">s</a><a>none</a>'),
    );
    expect(links).toEqual([]);
  });
});

describe('collectImages', () => {
  const html =
    '<img src="a.png"><img srcset="s.png 1x, l.png 2x"><img src="a.png"><img src="data:image/gif;base64,R0l"><img>';

  it('lists every image source (largest srcset candidate) once, in document order', () => {
    expect(collectImages(tree(html), { removeBase64Images: true, base: BASE })).toEqual([
      'https://site.test/a/a.png',
      'https://site.test/a/l.png',
    ]);
  });

  it("lists a picture's other sources, video posters and inline background images too, as Firecrawl does", () => {
    const page = tree(`<div class="hero" style="background-image: url('../img/hero.jpg')"><h1>Coast</h1></div>
      <picture><source type="image/avif" srcset="pool.avif 1x, pool-2x.avif 2x"><img src="pool.jpg" alt="Pool"></picture>
      <video poster="clip.jpg"><source src="clip.mp4" type="video/mp4"></video>
      <p style="background: #fff url(&quot;https://cdn.test/dots.png&quot;) repeat">Dots</p><p style="color: red">Red</p>`);
    expect(collectImages(page, { removeBase64Images: true, base: BASE })).toEqual([
      'https://site.test/img/hero.jpg',
      'https://site.test/a/pool-2x.avif',
      'https://site.test/a/pool.jpg',
      'https://site.test/a/clip.jpg',
      'https://cdn.test/dots.png',
    ]);
  });

  it('keeps base64 images only when they are not removed', () => {
    expect(collectImages(tree(html), { removeBase64Images: false, base: BASE })).toContain(
      'data:image/gif;base64,R0l',
    );
  });
});
