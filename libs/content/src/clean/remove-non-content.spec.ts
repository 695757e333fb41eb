import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '../parse/parse-html.js';
import { removeNonContent } from './remove-non-content.js';

function cleaned(html: string): string {
  const tree = parseHtml(html);
  removeNonContent(tree);
  return toHtml(tree);
}

describe('removeNonContent', () => {
  it('drops head, scripts, styles, comments, frames and other non-content', () => {
    expect(
      cleaned(
        '<!doctype html><html><head><title>T</title><link rel="icon" href="f.ico"></head><body><!-- note --><script>go()</script><style>p{}</style><p>kept</p><iframe src="x"></iframe><svg><text>s</text></svg><template><p>t</p></template></body></html>',
      ),
    ).toBe('<html><body><p>kept</p></body></html>');
  });

  it('drops hidden elements: hidden, aria-hidden, display:none, visibility:hidden, hidden inputs', () => {
    expect(
      cleaned(
        '<p hidden>1</p><p aria-hidden="true">2</p><p style="color:red; display: none">3</p><p style="visibility:hidden">4</p><input type="hidden" value="5"><p style="display:block">shown</p>',
      ),
    ).toBe('<html><body><p style="display:block">shown</p></body></html>');
  });

  it('drops <noscript> fallbacks, but unwraps them when they are all the page shows', () => {
    expect(
      cleaned(`<p>${'Visible text. '.repeat(20)}</p><noscript><p>Enable scripts</p></noscript>`),
    ).not.toContain('Enable scripts');
    const forum = `<div id="app"></div><noscript><p>${'A forum post served to crawlers. '.repeat(10)}</p></noscript>`;
    expect(cleaned(forum)).toContain('<p>A forum post served to crawlers.');
  });
});
