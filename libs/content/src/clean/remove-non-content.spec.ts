import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '#structured';
import { removeNonContent } from './remove-non-content.js';

function cleaned(html: string, options?: Parameters<typeof removeNonContent>[1]): string {
  const tree = parseHtml(html);
  removeNonContent(tree, options);
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

  it('keeps hidden blocks for main content extraction to judge (accordions, tabs), not hidden inline text', () => {
    expect(
      cleaned(
        '<div class="panel" hidden><p>Care: wash cold.</p></div><ul style="display:none"><li>Menu</li></ul><p>Shown<span style="display:none"> tooltip</span></p><input type="hidden" value="5">',
        { keepHiddenBlocks: true },
      ),
    ).toBe(
      '<html><body><div class="panel" hidden><p>Care: wash cold.</p></div><ul style="display:none"><li>Menu</li></ul><p>Shown</p></body></html>',
    );
  });

  it('drops <noscript> fallbacks, but unwraps them when they are all the page shows', () => {
    expect(
      cleaned(`<p>${'Visible text. '.repeat(20)}</p><noscript><p>Enable scripts</p></noscript>`),
    ).not.toContain('Enable scripts');
    const forum = `<div id="app"></div><noscript><p>${'A forum post served to crawlers. '.repeat(10)}</p></noscript>`;
    expect(cleaned(forum)).toContain('<p>A forum post served to crawlers.');
  });

  it('moves React streamed segments into their placeholders, replacing the boundary fallback', () => {
    // S:1's placeholder arrives inside S:0 (a boundary within a boundary), which is moved first.
    const html =
      '<main><h1>Guide</h1><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main>' +
      '<div hidden id="S:0"><p>The streamed body of the guide.</p><template id="P:1"></template></div>' +
      '<div hidden id="S:1"><p>A streamed note.</p></div>' +
      '<script>$RC("B:0","S:0")</script><script>$RS("S:1","P:1")</script>';
    const result = cleaned(html);
    expect(result).toContain(
      '<h1>Guide</h1><p>The streamed body of the guide.</p><p>A streamed note.</p></main>',
    );
    expect(result).not.toContain('Loading');
  });

  it('moves each streamed segment into the placeholder of its own id, not the first one on the page', () => {
    const html =
      '<main><h1>Guide</h1><template id="P:2"></template><p>Between.</p><template id="P:1"></template></main>' +
      '<div hidden id="S:1"><p>First streamed.</p></div><div hidden id="S:2"><p>Second streamed.</p></div>' +
      '<script>$RS("S:1","P:1")</script><script>$RS("S:2","P:2")</script>';
    expect(cleaned(html)).toContain(
      '<h1>Guide</h1><p>Second streamed.</p><p>Between.</p><p>First streamed.</p></main>',
    );
  });

  it('shows a hidden wrapper that holds most of the page (revealed by a script), but never a hidden dialog', () => {
    const story = `<p>${'The story every reader of this page came for. '.repeat(10)}</p>`;
    expect(cleaned(`<header>Site</header><div style="visibility:hidden">${story}</div>`)).toContain(
      'The story every reader',
    );
    expect(cleaned(`<header>Site</header><div class="js-reveal" hidden>${story}</div>`)).toContain(
      'The story every reader',
    );
    const republish = `<p>${'A short teaser of the story. '.repeat(4)}</p><div class="republish-modal" style="display:none">${story}</div>`;
    expect(cleaned(republish)).not.toContain('The story every reader');
  });
});
