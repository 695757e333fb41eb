import { docxHtml } from './docx-html.js';
import { OfficeError } from './office-error.js';
import { buildTestDocx } from './testing/build-test-docx.js';

describe('docxHtml', () => {
  it('turns headings, bold runs, links and tables into semantic HTML', async () => {
    const html = await docxHtml(
      buildTestDocx([
        { heading: 'Harbour Minutes' },
        { paragraph: [{ text: 'The ferry ' }, { text: 'leaves at 08:15', bold: true }, { text: '.' }] },
        { link: { text: 'timetable', href: 'https://example.org/ferry' } },
        {
          table: [
            ['Day', 'Boats'],
            ['Monday', '3'],
          ],
        },
      ]),
    );
    expect(html).toContain('<h1>Harbour Minutes</h1>');
    expect(html).toContain('<p>The ferry <strong>leaves at 08:15</strong>.</p>');
    expect(html).toContain('<a href="https://example.org/ferry">timetable</a>');
    expect(html).toMatch(/<table><tr><td><p>Day<\/p><\/td><td><p>Boats<\/p><\/td><\/tr>/);
  });

  it("bolds a header row written in LibreOffice's Table Heading style, so that it reads as the header", async () => {
    const html = await docxHtml(
      buildTestDocx([
        {
          table: [
            ['Day', 'Boats'],
            ['Monday', '3'],
          ],
          firstRow: 'table-heading-style',
        },
      ]),
    );
    expect(html).toMatch(
      /<table><tr><td><p><strong>Day<\/strong><\/p><\/td><td><p><strong>Boats<\/strong><\/p><\/td><\/tr><tr><td><p>Monday<\/p>/,
    );
  });

  it("carries the document's title and author from its package properties into the head", async () => {
    const titled = buildTestDocx([{ heading: 'Minutes' }], {
      title: 'Harbour & Quay Minutes',
      creator: 'A. Harbour',
    });
    expect(await docxHtml(titled)).toMatch(
      /^<html><head><title>Harbour &#x26; Quay Minutes<\/title><meta name="author" content="A. Harbour"><\/head><body><h1>Minutes<\/h1>/,
    );
    expect(await docxHtml(buildTestDocx([{ heading: 'Minutes' }]))).toMatch(/^<html><head><\/head><body>/);
  });

  it('answers SCRAPE_DOCUMENT_INVALID for bytes that are not a Word document', async () => {
    const failure = await docxHtml(Buffer.from('not a zip')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OfficeError);
    expect(failure).toMatchObject({ code: 'SCRAPE_DOCUMENT_INVALID' });
  });
});
