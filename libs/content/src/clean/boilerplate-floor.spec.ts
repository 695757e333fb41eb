import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '#structured';
import { BOILERPLATE_SELECTOR, removeBoilerplate } from './boilerplate-floor.js';

const prose = (words: string) => `<p>${`${words} `.repeat(30).trim()}</p>`;

function floor(html: string): string {
  const tree = parseHtml(html);
  removeBoilerplate(tree);
  return toHtml(tree);
}

describe('removeBoilerplate', () => {
  it('removes the reference list: landmarks, boilerplate classes and ids, roles', () => {
    const html = floor(
      `<header>H</header><nav>N</nav><div class="sidebar">S</div><div id="cookie">C</div><div class="social share">X</div><div role="complementary">R</div><aside>A</aside><div class="ads">Ad</div>${prose('Body text.')}<footer>F</footer>`,
    );
    expect(html).toBe(`<html><head></head><body>${prose('Body text.')}</body></html>`);
  });

  it('never removes an element holding the main content or the title heading', () => {
    const html = floor(
      `<header class="top"><h1>Title</h1></header><div class="side"><main>${prose('Main text.')}</main></div><div class="menu"><a href="/">Home</a></div>`,
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('Main text.');
    expect(html).not.toContain('Home');
  });

  it('keeps a boilerplate-named wrapper that holds most of the page text', () => {
    expect(floor(`<div class="bottom">${prose('Wrapped page text.')}</div><nav>Menu</nav>`)).toContain(
      'Wrapped page text.',
    );
  });

  it('keeps the panels of a page built of widgets, each a small part of it, and drops the sidebar of one', () => {
    const panel = (words: string) => `<div class="so-panel widget">${prose(words)}</div>`;
    const built = floor(`${panel('Why negotiate.')}${panel('How to ask.')}${panel('What to say.')}`);
    for (const section of ['Why negotiate.', 'How to ask.', 'What to say.']) expect(built).toContain(section);

    const withSidebar = floor(
      `<div class="content">${prose('Article text.')}</div><div class="widget"><a href="/">Recent posts</a></div><div class="widget"><p>About the author: a sailor.</p></div>`,
    );
    expect(withSidebar).toContain('Article text.');
    expect(withSidebar).not.toContain('Recent posts');
    expect(withSidebar).not.toContain('About the author');
  });

  it("keeps the <header> of a section or an article, which heads it, and removes the page's", () => {
    const card = (title: string) =>
      `<section><header><h2>${title}</h2><p>${title} for every team, with nothing to install.</p></header>${prose('Details.')}</section>`;
    const html = floor(
      `<header><a href="/">Loom</a> <a href="/pricing">Pricing</a></header><div>${card('Record')}${card('Share')}</div>`,
    );
    expect(html).toContain('<h2>Record</h2><p>Record for every team');
    expect(html).toContain('<h2>Share</h2>');
    expect(html).not.toContain('Pricing');
  });

  it('removes a dialog laid over the page even when it holds most of the text', () => {
    const html = floor(
      `<div aria-modal="true">${prose('Terms of service.').repeat(5)}</div><div>${prose('Product text.')}</div>`,
    );
    expect(html).not.toContain('Terms of service.');
    expect(html).toContain('Product text.');
  });

  it("removes a dialog with a title of its own, but keeps one that holds the page's title or its main element", () => {
    const terms = `<div role="dialog"><h1>Terms of use</h1>${prose('Terms of service.')}</div>`;
    const html = floor(`<h1>Blue kettle</h1>${prose('Product text.')}${terms}`);
    expect(html).toContain('Blue kettle');
    expect(html).not.toContain('Terms of service.');
    expect(floor(`<dialog><h1>Blue kettle</h1>${prose('Product text.')}</dialog>`)).toContain(
      'Product text.',
    );
    expect(floor(`<div aria-modal="true"><main>${prose('Product text.')}</main></div>`)).toContain(
      'Product text.',
    );
    // The dialog is itself the page's article (a quick-view page).
    expect(floor(`<article role="dialog" aria-modal="true">${prose('Product text.')}</article>`)).toContain(
      'Product text.',
    );
    // A terms dialog before the content, its h1 first in the markup: the title is the first h1 outside dialogs.
    const early = floor(`<div aria-modal="true"><h1>Terms of use</h1>${prose('Terms of service.')}</div>
      <main><h1>Blue kettle</h1>${prose('Product text.')}</main>`);
    expect(early).not.toContain('Terms of use');
    expect(early).toContain('Blue kettle');
  });

  it('removes a footer, nav or aside however much text it holds; a header holding most of the page stays', () => {
    for (const landmark of ['footer', 'nav', 'aside', 'div role="contentinfo"']) {
      const tag = landmark.split(' ')[0];
      const html = floor(
        `<div>${prose('Body text.')}</div><${landmark}>${prose('Legal notes.').repeat(3)}</${tag}>`,
      );
      expect(html).not.toContain('Legal notes.');
      expect(html).toContain('Body text.');
    }
    expect(
      floor(`<header>${prose('Standfirst text.').repeat(3)}</header><div>${prose('Body text.')}</div>`),
    ).toContain('Standfirst text.');
  });

  it('publishes the same list as one CSS selector', () => {
    for (const selector of ['header', '.navbar', '#footer', '.cookie', '[role=banner]']) {
      expect(BOILERPLATE_SELECTOR.split(', ')).toContain(selector);
    }
  });
});
