import { parseHtml } from '../parse/parse-html.js';
import { toMarkdown } from './to-markdown.js';

const markdown = (html: string, removeBase64Images = true) =>
  toMarkdown(parseHtml(html), { removeBase64Images });

describe('toMarkdown', () => {
  it('writes ATX headings, dash bullets, tight nested lists and ordered lists', () => {
    expect(
      markdown(
        '<h1>Title</h1><h3>Part</h3><ul><li>a<ul><li>a.1</li><li>a.2<ol><li>deep</li></ol></li></ul></li><li>b</li></ul>',
      ),
    ).toBe('# Title\n\n### Part\n\n- a\n  - a.1\n  - a.2\n    1. deep\n- b');
  });

  it('keeps tables as GFM tables, header row first, pipes escaped', () => {
    expect(
      markdown(
        '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a|b</td><td><a href="https://x.test/">x</a></td></tr></tbody></table>',
      ),
    ).toBe('| Name | Value |\n| - | - |\n| a\\|b | [x](https://x.test/) |');
  });

  it.each([
    ['<pre><code class="language-ts">const a = 1;</code></pre>', 'ts'],
    ['<pre><code class="hljs lang-python">const a = 1;</code></pre>', 'python'],
    ['<pre class="lang-sh"><code>const a = 1;</code></pre>', 'sh'],
    ['<pre class="language-rust">const a = 1;</pre>', 'rust'],
    ['<pre data-language="go"><code>const a = 1;</code></pre>', 'go'],
  ])('fences code with the language the page declares: %s', (html, language) => {
    expect(markdown(html)).toBe(`\`\`\`${language}\nconst a = 1;\n\`\`\``);
  });

  it('fences code without a language as plain fenced code', () => {
    expect(markdown('<pre>line 1\nline 2\n</pre>')).toBe('```\nline 1\nline 2\n```');
  });

  it('writes images and links with their URLs, inline code, quotes, emphasis and rules', () => {
    expect(
      markdown(
        '<p>See <a href="https://x.test/a">the <em>guide</em></a> and <code>npm i</code>.</p><blockquote><p>Quoted</p></blockquote><hr><p><img alt="Logo" src="https://x.test/l.png"> <strong>bold</strong></p>',
      ),
    ).toBe(
      'See [the _guide_](https://x.test/a) and `npm i`.\n\n> Quoted\n\n---\n\n![Logo](https://x.test/l.png) **bold**',
    );
  });

  it('keeps link text on one line and collapses blank-line runs, trimmed', () => {
    expect(
      markdown(
        '\n\n<div><p><a href="https://x.test/">Read\n  the\n  docs</a></p></div><div></div><div></div><p>End</p>\n',
      ),
    ).toBe('[Read the docs](https://x.test/)\n\nEnd');
  });

  it('keeps touching inline elements apart, as the page shows them, but not sub- and superscripts or parts of a word', () => {
    expect(markdown('<p><a href="/a">Action</a><a href="/b">Adventure</a><span>Co-op</span></p>')).toBe(
      '[Action](/a) [Adventure](/b) Co-op',
    );
    expect(markdown('<p><a href="/boards">Boards<span>9129</span></a></p>')).toBe('[Boards 9129](/boards)');
    expect(
      markdown(
        '<p>H<sub>2</sub>O on the 10<sup>th</sup>, <span>un</span>believable, <b>Price:</b><span>$5</span></p>',
      ),
    ).toBe('H2O on the 10th, unbelievable, **Price:**$5');
    expect(markdown('<pre><code><span>get</span><span>Item</span><span>2</span>()</code></pre>')).toBe(
      '```\ngetItem2()\n```',
    );
  });

  it('puts a link around blocks into each block, so no link text holds list markers or line breaks', () => {
    expect(
      markdown('<a href="https://x.test/p/1"><ul><li>Trail shoe <b>ST-5</b></li><li>$108</li></ul></a>'),
    ).toBe('- [Trail shoe **ST-5**](https://x.test/p/1)\n- [$108](https://x.test/p/1)');
  });

  it('replaces base64 images unless asked to keep them', () => {
    const html = '<p>dot: <img alt="d" src="data:image/png;base64,iVBORw0KGgo="></p>';
    expect(markdown(html)).toBe('dot: ![d](<Base64-Image-Removed>)');
    expect(markdown(html, false)).toBe('dot: ![d](data:image/png;base64,iVBORw0KGgo=)');
  });
});
