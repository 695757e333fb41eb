import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { buildTestDocx } from '../../libs/office/src/testing/build-test-docx.js';
import { buildTestEpub } from '../../libs/office/src/testing/build-test-epub.js';
import { buildTestOdf } from '../../libs/office/src/testing/build-test-odf.js';
import { buildTestXlsx } from '../../libs/office/src/testing/build-test-xlsx.js';
import { buildTestPdf } from '../../libs/pdf/src/testing/build-test-pdf.js';
import { repoRoot } from '../support/repo-root.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();
const fixture = (name: string) => readFileSync(join(repoRoot, 'test/fixtures/site/pages', `${name}.html`));

/** `POST /v2/parse` as curl sends it: the file part, then the other parts as given. */
async function upload(
  file: { data: Buffer | Uint8Array; name: string; type?: string } | null,
  parts: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([Buffer.from(file.data)], { type: file.type ?? '' }), file.name);
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  const response = await fetch(`${running.trawl.baseUrl}/v2/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe('POST /v2/parse: uploaded files converted as scraped pages', () => {
  const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });

  it('converts an HTML file with the SDK: main content, links resolved as the file would, nothing stored', async () => {
    const document = await client().parse(
      { data: fixture('article'), filename: 'tide-pools.html', contentType: 'text/html' },
      { formats: ['markdown', 'links'] },
    );
    expect(document.markdown).toMatch(/^# Tide Pools of the North Coast/);
    expect(document.markdown).toContain('| Ochre star | Middle |');
    // onlyMainContent (the default) drops the page's menu and cookie banner, as for a scraped page.
    expect(document.markdown).not.toContain('Accept all cookies');
    expect(document.markdown).not.toContain('About us');
    // The file's <base href="/articles/"> resolves as a browser opening the file would resolve it;
    // `links` are the main content's web and mail targets, as for a scraped page (not the file's own).
    expect(document.markdown).toContain('[survey of 2025](file:///articles/survey)');
    expect(document.links).toEqual(['https://example.org/ocean']);
    expect(document.metadata).toMatchObject({
      title: 'Tide Pools of the North Coast',
      sourceURL: 'tide-pools.html',
      sourceFile: 'tide-pools.html',
      url: 'file:///tide-pools.html',
      creditsUsed: 1,
    });

    // The upload is converted in memory: no scrape stream holds it.
    const stream = await fetch(
      `${running.trawl.baseUrl}/v2/admin/streams/scrape-${document.metadata?.scrapeId}`,
      {
        headers: { authorization: `Bearer ${running.trawl.env.ADMIN_API_KEY}` },
      },
    );
    expect(stream.status).toBe(404);
  });

  it('parses a PDF by its signature whatever its name, and charges each page', async () => {
    const pdf = buildTestPdf(
      [
        [
          { text: 'Harbour Bulletin', x: 72, y: 760, size: 24, bold: true },
          { text: 'The ferry to Bryher leaves at 08:15 every weekday.', x: 72, y: 720, size: 11 },
        ],
        [{ text: 'Tide tables are posted at the harbour office.', x: 72, y: 760, size: 11 }],
      ],
      { title: 'Harbour Bulletin' },
    );
    const { status, body } = await upload(
      { data: pdf, name: 'bulletin.bin', type: 'application/octet-stream' },
      {
        options: JSON.stringify({
          formats: [
            'markdown',
            { type: 'json', schema: { type: 'object', properties: { title: { type: 'string' } } } },
          ],
        }),
      },
    );
    expect({ status, success: body.success }).toEqual({ status: 200, success: true });
    expect(body.data.markdown).toContain('# Harbour Bulletin');
    expect(body.data.markdown).toContain('The ferry to Bryher leaves at 08:15 every weekday.');
    expect(body.data.markdown).toContain('Tide tables are posted at the harbour office.');
    expect(body.data.json).toEqual({ title: 'Harbour Bulletin' });
    expect(body.data.metadata).toMatchObject({
      numPages: 2,
      // A page with a json answer (5) and a second PDF page (1).
      creditsUsed: 6,
      contentType: 'application/pdf',
      sourceFile: 'bulletin.bin',
    });

    const truncated = await upload(
      { data: pdf, name: 'bulletin.pdf' },
      { options: JSON.stringify({ parsers: [{ type: 'pdf', maxPages: 1 }] }) },
    );
    expect(truncated.body.data.markdown).not.toContain('Tide tables');
    expect(truncated.body.data.metadata).toMatchObject({ numPages: 1, totalPages: 2, creditsUsed: 1 });
  });

  it('converts a Word document whole: headings, emphasis, links and tables', async () => {
    const docx = buildTestDocx(
      [
        { heading: 'Harbour Minutes' },
        {
          paragraph: [
            { text: 'The ferry ' },
            { text: 'leaves at 08:15', bold: true },
            { text: ' from the quay.' },
          ],
        },
        { link: { text: 'Timetable', href: 'https://example.org/ferry' } },
        {
          table: [
            ['Day', 'Boats'],
            ['Monday', '3'],
          ],
          firstRow: 'bold',
        },
        {
          table: [
            ['Quay', 'Berths'],
            ['North', '4'],
          ],
          firstRow: 'table-heading-style',
        },
      ],
      { title: 'Harbour Minutes, March', creator: 'A. Harbour' },
    );
    const document = await client().parse(
      { data: docx, filename: 'minutes.docx' },
      { formats: ['markdown', 'links'] },
    );
    expect(document.markdown).toBe(
      // Word marks no header row unless told to repeat one; a bold first row reads as one, as on a web page,
      // and so does LibreOffice's, in its Table Heading style.
      '# Harbour Minutes\n\nThe ferry **leaves at 08:15** from the quay.\n\n[Timetable](https://example.org/ferry)\n\n| Day | Boats |\n| - | - |\n| Monday | 3 |\n\n| Quay | Berths |\n| - | - |\n| North | 4 |',
    );
    expect(document.links).toEqual(['https://example.org/ferry']);
    expect(document.metadata).toMatchObject({
      title: 'Harbour Minutes, March',
      author: 'A. Harbour',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      creditsUsed: 1,
    });
    const broken = await upload({ data: Buffer.from('not a zip'), name: 'broken.docx' });
    expect(broken).toMatchObject({ status: 500, body: { code: 'SCRAPE_DOCUMENT_INVALID' } });
  });

  it('converts an Excel workbook: a table per sheet, headed by its first row', async () => {
    const workbook = buildTestXlsx([
      {
        name: 'Fares',
        rows: [
          ['Route', 'Fare'],
          ['Bryher', 12.5],
        ],
      },
    ]);
    const document = await client().parse({ data: workbook, filename: 'fares.xlsx' });
    expect(document.markdown).toBe('## Fares\n\n| Route | Fare |\n| - | - |\n| Bryher | 12.5 |');
  });

  it('converts a CSV file into a table', async () => {
    const csv = Buffer.from('Route;Fare\nBryher;12,50\n');
    const document = await client().parse({ data: csv, filename: 'fares.csv' });
    expect(document.markdown).toBe('| Route | Fare |\n| - | - |\n| Bryher | 12,50 |');
    expect(document.metadata).toMatchObject({ contentType: 'text/csv', creditsUsed: 1 });
  });

  it('converts OpenDocument text, spreadsheets and presentations and RTF through LibreOffice', async () => {
    const text = buildTestOdf(
      'text',
      '<text:h text:outline-level="1">Harbour Minutes</text:h><text:p>The ferry leaves at 08:15 from the quay.</text:p>',
    );
    const minutes = await client().parse({ data: text, filename: 'minutes.odt' });
    expect(minutes.markdown).toBe('# Harbour Minutes\n\nThe ferry leaves at 08:15 from the quay.');
    expect(minutes.metadata).toMatchObject({ sourceFile: 'minutes.odt', creditsUsed: 1 });

    const sheet = buildTestOdf(
      'spreadsheet',
      '<table:table table:name="Fares"><table:table-row><table:table-cell office:value-type="string"><text:p>Route</text:p></table:table-cell>' +
        '<table:table-cell office:value-type="string"><text:p>Fare</text:p></table:table-cell></table:table-row>' +
        '<table:table-row><table:table-cell office:value-type="string"><text:p>Bryher</text:p></table:table-cell>' +
        '<table:table-cell office:value-type="float" office:value="12.5"><text:p>12.5</text:p></table:table-cell></table:table-row></table:table>',
    );
    const fares = await client().parse({ data: sheet, filename: 'fares.ods' });
    expect(fares.markdown).toBe('## Fares\n\n| Route | Fare |\n| - | - |\n| Bryher | 12.5 |');

    // A presentation becomes a PDF: a page per slide, a credit per page.
    const slide = (words: string) =>
      `<draw:page><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${words}</text:p></draw:text-box></draw:frame></draw:page>`;
    const deck = buildTestOdf(
      'presentation',
      slide('Ferry timetable for the summer') + slide('Boats leave every hour'),
    );
    const slides = await client().parse({ data: deck, filename: 'ferries.odp' });
    expect(slides.markdown).toContain('Ferry timetable for the summer');
    expect(slides.markdown).toContain('Boats leave every hour');
    expect(slides.metadata).toMatchObject({ numPages: 2, creditsUsed: 2 });

    const rtf = Buffer.from(
      '{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0 Tide tables are {\\b posted} daily.\\par}',
    );
    const notice = await client().parse({ data: rtf, filename: 'notice.rtf' });
    expect(notice.markdown).toBe('Tide tables are **posted** daily.');

    const broken = await upload({ data: Buffer.from('PK junk'), name: 'broken.odt' });
    expect(broken).toMatchObject({ status: 500, body: { code: 'SCRAPE_DOCUMENT_INVALID' } });
  });

  it('converts an e-book: its chapters in reading order under its title', async () => {
    const book = buildTestEpub({
      title: 'Tides of the North Coast',
      author: 'A. Harbour',
      chapters: [
        { file: 'one.xhtml', body: '<h1>Chapter One</h1><p>The ferry leaves at dawn.</p>' },
        { file: 'two.xhtml', body: '<h2>Tides</h2><p>High water at noon.</p>' },
      ],
    });
    const document = await client().parse({ data: book, filename: 'tides.epub' });
    expect(document.markdown).toBe(
      '# Chapter One\n\nThe ferry leaves at dawn.\n\n## Tides\n\nHigh water at noon.',
    );
    expect(document.metadata).toMatchObject({
      title: 'Tides of the North Coast',
      contentType: 'application/epub+zip',
    });
  });

  it('reads a product page upload with the local structured formats', async () => {
    const { body } = await upload(
      { data: fixture('product'), name: 'boot.htm' },
      { options: JSON.stringify({ formats: ['product'] }) },
    );
    expect(body.data.product).toMatchObject({ title: 'Trailhead 2 Hiking Boot', brand: 'Northpeak' });
  });

  it("refuses what a file cannot take, with the reference service's codes", async () => {
    const html = { data: fixture('article'), name: 'a.html' };
    expect(
      await upload(html, { options: JSON.stringify({ waitFor: 1000, formats: ['screenshot'] }) }),
    ).toMatchObject({
      status: 400,
      body: {
        code: 'PARSE_UNSUPPORTED_OPTIONS',
        details: [
          {
            path: ['options', 'waitFor'],
            message: 'waitFor needs a page visit; /v2/parse reads the uploaded file only',
          },
          {
            path: ['options', 'formats', 0],
            message: expect.stringContaining('screenshot needs a page visit'),
          },
        ],
      },
    });
    expect(await upload(html, { options: JSON.stringify({ proxy: 'stealth' }) })).toMatchObject({
      status: 400,
      body: { code: 'PARSE_UNSUPPORTED_OPTIONS' },
    });
    expect(await upload(html, { options: '{not json' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
    expect(await upload(html, { options: JSON.stringify({ timeout: 5 }) })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', details: [{ path: ['options', 'timeout'] }] },
    });
    expect(await upload(null, { options: '{}' })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
    expect(await upload({ data: Buffer.from('hello'), name: 'notes.txt', type: 'text/plain' })).toMatchObject(
      {
        status: 400,
        body: { code: 'UNSUPPORTED_FILE_TYPE' },
      },
    );
  });

  it('lists the file types it takes, every one available where LibreOffice and its sandbox run', async () => {
    const response = await fetch(`${running.trawl.baseUrl}/v2/parse/formats`, {
      headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    });
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    const { data } = await response.json();
    const formats = data.formats as { format: string; available: boolean }[];
    expect(formats.filter((entry) => !entry.available)).toEqual([]);
    expect(formats.map((entry) => entry.format)).toEqual(
      expect.arrayContaining(['pdf', 'docx', 'odt', 'pptx', 'csv', 'epub']),
    );
    expect(formats).toContainEqual({
      format: 'odt',
      kind: 'document',
      extensions: ['.odt'],
      mimeTypes: ['application/vnd.oasis.opendocument.text'],
      available: true,
    });
  });

  it('needs an API key', async () => {
    const response = await fetch(`${running.trawl.baseUrl}/v2/parse`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /v2/parse on a server without LibreOffice', () => {
  let trawl: RunningTrawl;
  beforeAll(async () => {
    trawl = await startTrawl({ env: { SOFFICE_PATH: '/nonexistent/soffice' } });
  });
  afterAll(() => trawl?.stop());

  it('lists the formats LibreOffice reads as not available, and answers them 501 with the reason', async () => {
    const headers = { authorization: `Bearer ${trawl.apiKey}` };
    const { data } = await (await fetch(`${trawl.baseUrl}/v2/parse/formats`, { headers })).json();
    const unavailable = (data.formats as { format: string; available: boolean }[])
      .filter((entry) => !entry.available)
      .map((entry) => entry.format);
    expect(unavailable).toEqual([
      'doc',
      'docm',
      'odt',
      'rtf',
      'ods',
      'xls',
      'xlsm',
      'xlsb',
      'odp',
      'pptx',
      'ppt',
      'pptm',
    ]);

    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(buildTestOdf('text', '<text:p>Minutes</text:p>'))]),
      'minutes.odt',
    );
    const response = await fetch(`${trawl.baseUrl}/v2/parse`, { method: 'POST', headers, body: form });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
      error: expect.stringContaining('missing LibreOffice (/nonexistent/soffice'),
    });
  });
});
