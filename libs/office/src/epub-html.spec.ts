import { epubHtml } from './epub-html.js';
import { buildTestEpub } from './testing/build-test-epub.js';

describe('epubHtml', () => {
  it('reads the chapters in spine order as XHTML, under the book title and author', () => {
    const book = buildTestEpub(
      {
        title: 'Tides of the North Coast',
        author: 'A. Harbour',
        chapters: [
          { file: 'cover.xhtml', body: '<p>Cover page</p>', linear: false },
          {
            file: 'text/one.xhtml',
            body: '<h1>Chapter One</h1><p><a id="start"/>The ferry leaves at dawn. See <a href="two.xhtml#tides">the tides</a> and <a href="https://example.org/ferry">the timetable</a>.</p><img src="../images/chart.svg" alt="Tide chart"/>',
          },
          { file: 'text/two.xhtml', body: '<h2 id="tides">Tides</h2><p>High water at noon.</p>' },
        ],
      },
      { 'images/chart.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    );
    const html = epubHtml(book);
    expect(html).toContain(
      '<head><title>Tides of the North Coast</title><meta name="author" content="A. Harbour"></head>',
    );
    expect(html).not.toContain('Cover page');
    // The self-closing anchor holds nothing; a link to another chapter keeps its text only.
    expect(html).toContain(
      '<section><h1>Chapter One</h1><p><a id="start"></a>The ferry leaves at dawn. See <a>the tides</a> and <a href="https://example.org/ferry">the timetable</a>.</p>',
    );
    expect(html).toContain(
      `<img src="data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}" alt="Tide chart">`,
    );
    expect(html.indexOf('Chapter One')).toBeLessThan(html.indexOf('High water at noon.'));
  });

  it('answers SCRAPE_DOCUMENT_INVALID for a file that is not an e-book', () => {
    expect(() => epubHtml(Buffer.from('not a zip'))).toThrow(
      expect.objectContaining({ code: 'SCRAPE_DOCUMENT_INVALID' }),
    );
  });
});
