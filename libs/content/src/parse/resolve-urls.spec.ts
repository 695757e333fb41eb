import { select } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '#structured';
import { resolveUrls } from './resolve-urls.js';

const PAGE = 'https://site.test/docs/guide/page.html';

function resolved(html: string, pageUrl = PAGE) {
  const tree = parseHtml(html);
  const base = resolveUrls(tree, pageUrl);
  const body = select('body', tree);
  return { base, html: toHtml(body ? body.children : tree), page: toHtml(tree) };
}

describe('resolveUrls', () => {
  it('resolves links, images and media against the page URL', () => {
    const { base, html } = resolved(
      '<a href="../intro">i</a><img src="/logo.png"><video src="v.mp4" poster="//cdn.test/p.jpg"></video>',
    );
    expect(base).toBe(PAGE);
    expect(html).toContain('href="https://site.test/docs/intro"');
    expect(html).toContain('src="https://site.test/logo.png"');
    expect(html).toContain('src="https://site.test/docs/guide/v.mp4"');
    expect(html).toContain('poster="https://cdn.test/p.jpg"');
  });

  it('resolves a relative <base href> against the page first, then everything against it', () => {
    const { base, html, page } = resolved(
      '<head><base href="../assets/"></head><body><a href="x">x</a></body>',
    );
    expect(base).toBe('https://site.test/docs/assets/');
    expect(page).toContain('<base href="https://site.test/docs/assets/">');
    expect(html).toContain('href="https://site.test/docs/assets/x"');
  });

  it('uses the first <base> with an href wherever it stands, for the links before it too', () => {
    const { base, html } = resolved(
      '<head><base target="_blank"></head><body><a href="x">x</a><base href="/b/"><base href="/c/"></body>',
    );
    expect(base).toBe('https://site.test/b/');
    expect(html).toContain('href="https://site.test/b/x"');
  });

  it('ignores a <base> that does not parse as a URL', () => {
    expect(resolved('<base href="http://[bad"><a href="x">x</a>').base).toBe(PAGE);
  });

  it('puts the largest srcset candidate into src, by width or by density', () => {
    expect(resolved('<img src="s.jpg" srcset="s.jpg 320w, xl.jpg 1600w, m.jpg 800w">').html).toBe(
      '<img src="https://site.test/docs/guide/xl.jpg">',
    );
    expect(resolved('<img srcset="one.png, two.png 2x">').html).toBe(
      '<img src="https://site.test/docs/guide/two.png">',
    );
  });

  it('gives a lazily loaded image the source its loader holds back, in place of none or a placeholder', () => {
    expect(resolved('<img data-src="/a.png" alt="a">').html).toBe(
      '<img data-src="/a.png" alt="a" src="https://site.test/a.png">',
    );
    expect(
      resolved(
        '<img src="data:image/gif;base64,R0lGOD" data-srcset="s.jpg 320w, l.jpg 960w" data-src="s.jpg">',
      ).html,
    ).toBe(
      '<img src="https://site.test/docs/guide/l.jpg" data-srcset="s.jpg 320w, l.jpg 960w" data-src="s.jpg">',
    );
    expect(resolved('<img src="/real.png" data-src="/other.png">').html).toContain(
      'src="https://site.test/real.png"',
    );
  });

  it('leaves fragments, data URIs and other schemes as written', () => {
    const { html } = resolved(
      '<a href="#top">t</a><img src="data:image/png;base64,AAAA"><a href="mailto:a@b.test">m</a>',
    );
    expect(html).toBe(
      '<a href="#top">t</a><img src="data:image/png;base64,AAAA"><a href="mailto:a@b.test">m</a>',
    );
  });
});
