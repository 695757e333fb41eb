import { parsePdf } from './parse-pdf.js';
import { PdfError } from './pdf-error.js';
import { buildTestPdf, type TestText } from './testing/build-test-pdf.js';

/** Helvetica's advance widths (thousandths of an em) of the characters the specs set word by word. */
const HELVETICA: Record<string, number> = {
  ...Object.fromEntries([...'abdeghnopqu'].map((char) => [char, 556])),
  ...Object.fromEntries([...'ckszvxy'].map((char) => [char, 500])),
  ...Object.fromEntries([...'ijl'].map((char) => [char, 222])),
  f: 278,
  t: 278,
  r: 333,
  m: 833,
  w: 722,
  T: 611,
  E: 667,
  '.': 278,
};

/** Words set one by one from `x`, `gap` points apart, as a justified line stretches its spaces. */
const spacedWords = (words: string[], x: number, y: number, gap: number): TestText[] =>
  words.map((text) => {
    const word = { text, x, y, size: 11 };
    x += ([...text].reduce((sum, char) => sum + HELVETICA[char], 0) * 11) / 1000 + gap;
    return word;
  });

/** Lines of body text 14 pt apart, from `top` down. */
const body = (top: number, lines: string[], x = 72): TestText[] =>
  lines.map((text, index) => ({ text, x, y: top - index * 14, size: 11 }));

describe('parsePdf', () => {
  const report = buildTestPdf(
    [
      [
        { text: 'Harbour Report', x: 72, y: 780, size: 24 },
        ...body(740, ['The harbour opened in spring after the pier was recon-', 'structed by the town.']),
        { text: 'Vessels', x: 72, y: 690, size: 16 },
        ...body(660, ['- Ferry', '- Tug', '- Dredger']),
        { text: 'Berth', x: 72, y: 600, size: 11, bold: true },
        { text: 'Length', x: 200, y: 600, size: 11, bold: true },
        { text: 'North quay', x: 72, y: 586, size: 11 },
        { text: '120 m', x: 200, y: 586, size: 11 },
        { text: 'South quay', x: 72, y: 572, size: 11 },
        { text: '85 m', x: 200, y: 572, size: 11 },
      ],
      [
        { text: 'Schedule', x: 72, y: 780, size: 16 },
        ...body(750, ['1. Inspect the moorings.', '2. Paint the bollards.']),
        { text: 'Safety notes', x: 72, y: 700, size: 11, bold: true },
        ...body(670, ['Life jackets are stored by the gate.']),
      ],
      [...body(780, ['Appendix page that is not parsed when maxPages is 2.'])],
    ],
    { title: 'Harbour Report 2026' },
  );

  it('finds headings by size, paragraphs, lists and tables', async () => {
    const parsed = await parsePdf(report, { mode: 'fast' });
    expect(parsed).toMatchObject({ numPages: 3, totalPages: 3, title: 'Harbour Report 2026', ocrPages: [] });
    expect(parsed.html).toContain('<h1>Harbour Report</h1>');
    expect(parsed.html).toContain(
      '<p>The harbour opened in spring after the pier was reconstructed by the town.</p>',
    );
    expect(parsed.html).toContain('<h2>Vessels</h2>');
    expect(parsed.html).toContain('<ul><li>Ferry</li><li>Tug</li><li>Dredger</li></ul>');
    expect(parsed.html).toContain(
      '<table><thead><tr><th>Berth</th><th>Length</th></tr></thead><tbody><tr><td>North quay</td><td>120 m</td></tr><tr><td>South quay</td><td>85 m</td></tr></tbody></table>',
    );
    expect(parsed.html).toContain('<ol><li>Inspect the moorings.</li><li>Paint the bollards.</li></ol>');
    // A short bold line standing alone at body size is a heading below the sized ones.
    expect(parsed.html).toContain('<h3>Safety notes</h3>');
  });

  it("splits a narrow table's header where the columns below it start", async () => {
    const narrow = buildTestPdf([
      [
        ...body(780, ['Stores for the spring season, by quantity and item:']),
        { text: 'Qty', x: 72, y: 750, size: 11, bold: true },
        // About 7.7 pt after the bold "Qty" (0.7 em): apart for the PDF reader, under the 0.8 em cell gap.
        { text: 'Item', x: 98, y: 750, size: 11, bold: true },
        { text: '2', x: 72, y: 736, size: 11 },
        { text: 'Mooring rope', x: 98, y: 736, size: 11 },
        { text: '10', x: 72, y: 722, size: 11 },
        { text: 'Buoy', x: 98, y: 722, size: 11 },
      ],
    ]);
    const { html } = await parsePdf(narrow, { mode: 'fast' });
    expect(html).toContain(
      '<table><thead><tr><th>Qty</th><th>Item</th></tr></thead><tbody><tr><td>2</td><td>Mooring rope</td></tr><tr><td>10</td><td>Buoy</td></tr></tbody></table>',
    );
  });

  it("splits a narrow table's rows where the columns of its wide, centred header are", async () => {
    const narrow = buildTestPdf([
      [
        { text: 'Product', x: 91, y: 750, size: 12, bold: true },
        { text: 'Units', x: 182, y: 750, size: 12, bold: true },
        // The units stand 9 pt after the product (0.75 em): apart for the PDF reader, under the 0.8 em cell gap.
        { text: 'Aurora Desk Lamp', x: 58, y: 720, size: 12 },
        { text: '1,200', x: 167, y: 720, size: 12 },
        { text: 'Fjord Oak Chair', x: 58, y: 690, size: 12 },
        { text: '800', x: 167, y: 690, size: 12 },
        // A sentence's bold word stands a word space away, though under the Units column: no row.
        { text: 'Total units sold this spring', x: 58, y: 660, size: 12 },
        { text: '2,000', x: 200, y: 660, size: 12, bold: true },
      ],
    ]);
    const { html } = await parsePdf(narrow, { mode: 'fast' });
    expect(html).toContain(
      '<table><thead><tr><th>Product</th><th>Units</th></tr></thead><tbody><tr><td>Aurora Desk Lamp</td><td>1,200</td></tr><tr><td>Fjord Oak Chair</td><td>800</td></tr></tbody></table>',
    );
    expect(html).toContain('<p>Total units sold this spring 2,000</p>');
  });

  it('reads a table of contents as entries and their pages, its dot leaders left out', async () => {
    const entry = (number: string, title: string, page: string, y: number, size = 11): TestText[] => [
      { text: number, x: 72, y, size },
      { text: `${title} . . . . . . . . . . . . . . . .`, x: 100, y, size },
      { text: page, x: 400, y, size },
    ];
    const contents = buildTestPdf([
      [
        { text: 'Contents', x: 72, y: 780, size: 16 },
        ...entry('1', 'Introduction', '1', 750),
        ...entry('1.1', 'Moorings', '3', 736),
        ...entry('2', 'Tides', '12', 722),
        // A title too long for one line wraps onto the line of its leader.
        { text: '3', x: 72, y: 708, size: 11 },
        { text: 'Charts of the northern approaches and the outer', x: 100, y: 708, size: 11 },
        ...entry('', 'reefs', '19', 694).slice(1),
        // The index, set larger further down, is an entry of the same contents.
        { text: 'Index . . . . . . . . . . . . . . . . . . . . . .', x: 72, y: 680, size: 14 },
        { text: '40', x: 400, y: 680, size: 14 },
        // A short line heads the entries below it: it ends the contents, and they start their own.
        { text: 'Part II', x: 72, y: 666, size: 11 },
        ...entry('4', 'Appendix', '50', 652),
        ...entry('5', 'Glossary', '55', 638),
        { text: 'Introduction', x: 72, y: 620, size: 16 },
        ...body(590, ['The harbour opened in spring.']),
      ],
    ]);
    const { html } = await parsePdf(contents, { mode: 'fast' });
    expect(html).toContain(
      '<table><thead><tr><th>1 Introduction</th><th>1</th></tr></thead><tbody><tr><td>1.1 Moorings</td><td>3</td></tr><tr><td>2 Tides</td><td>12</td></tr><tr><td>3 Charts of the northern approaches and the outer reefs</td><td>19</td></tr><tr><td>Index</td><td>40</td></tr></tbody></table>',
    );
    expect(html).toContain(
      '<p>Part II</p>\n<table><thead><tr><th>4 Appendix</th><th>50</th></tr></thead><tbody><tr><td>5 Glossary</td><td>55</td></tr></tbody></table>',
    );
    expect(html).toContain('<p>The harbour opened in spring.</p>');
    expect(html).not.toContain('. . .');
  });

  it('reads lines set in a fixed-width font as a code block, with their indentation', async () => {
    // Courier at 10 pt is 6 pt a character: the inner lines stand 2 and 4 characters in.
    const code = (lines: [number, string][], top: number): TestText[] =>
      lines.map(([indent, text], k) => ({
        text,
        x: 72 + indent * 6,
        y: top - k * 12,
        size: 10,
        monospace: true,
      }));
    const manual = buildTestPdf([
      [
        ...body(780, ['A definition must follow the syntax below:']),
        ...code(
          [
            [0, 'Group ::= SEQUENCE {'],
            [2, 'id    OBJECT IDENTIFIER,'],
            [2, 'value INTEGER'],
            [0, '}'],
          ],
          760,
        ),
        ...body(700, ['The parser reads it whole.', 'Nothing else is needed.']),
        // A prototype: code words in the sentence, its parameters wrapped onto a line of their own.
        { text: 'Function:', x: 72, y: 660, size: 11 },
        { text: 'int asn1_delete (const char *', x: 130, y: 660, size: 10, monospace: true },
        { text: 'name)', x: 90, y: 646, size: 10, monospace: true },
      ],
    ]);
    const { html } = await parsePdf(manual, { mode: 'fast' });
    expect(html).toContain('<p>A definition must follow the syntax below:</p>');
    expect(html).toContain(
      '<pre><code>Group ::= SEQUENCE {\n  id    OBJECT IDENTIFIER,\n  value INTEGER\n}</code></pre>',
    );
    expect(html).toContain('<p>The parser reads it whole. Nothing else is needed.</p>');
    expect(html).toContain('<p>Function: int asn1_delete (const char * name)</p>');
  });

  it('reads a justified paragraph, whose stretched spaces line up by chance, as a paragraph', async () => {
    // 11 pt text: every space of the first line stretched to 0.75 em, one of the second past the
    // cell gap (0.8 em); that gap falls between two words of the first line.
    const justified = buildTestPdf([
      [
        ...spacedWords(
          ['The', 'harbour', 'master', 'keeps', 'a', 'record', 'of', 'every', 'vessel'],
          72,
          700,
          8.25,
        ),
        { text: 'that enters the port.', x: 72, y: 686, size: 11 },
        { text: 'Each entry names the ship.', x: 181, y: 686, size: 11 },
      ],
    ]);
    const { html } = await parsePdf(justified, { mode: 'fast' });
    expect(html).not.toContain('<table>');
    expect(html).toContain(
      '<p>The harbour master keeps a record of every vessel that enters the port. Each entry names the ship.</p>',
    );
  });

  it('reads a two-column page column by column, under a title that spans both', async () => {
    const column = (x: number, top: number, lines: string[]) => body(top, lines, x);
    const twoColumns = buildTestPdf([
      [
        { text: 'Shore Bulletin: the spring survey of the northern bay', x: 72, y: 780, size: 18 },
        ...column(72, 740, [
          'Left one: the survey began at dawn',
          'on the outer reef, where the crabs',
          'hide under the kelp at low tide.',
        ]),
        ...column(72, 684, ['Left two: volunteers counted each', 'pool twice and wrote the tallies']),
        ...column(310, 740, [
          'on cards. Right one: the stars were fewer',
          'than last year along the point, and',
          'the anemones had spread further.',
        ]),
        ...column(310, 684, ['Right two: the next survey is set', 'for the autumn equinox tides.']),
      ],
    ]);
    const { html } = await parsePdf(twoColumns, { mode: 'fast' });
    const paragraphs = [...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1]);
    expect(html).toContain('<h1>Shore Bulletin: the spring survey of the northern bay</h1>');
    expect(paragraphs).toEqual([
      'Left one: the survey began at dawn on the outer reef, where the crabs hide under the kelp at low tide.',
      // A sentence that runs from the foot of the left column on at the top of the right one.
      'Left two: volunteers counted each pool twice and wrote the tallies on cards. Right one: the stars were fewer than last year along the point, and the anemones had spread further.',
      'Right two: the next survey is set for the autumn equinox tides.',
    ]);
  });

  it('reads two columns under a page of full-width text column by column', async () => {
    const prose = 'The survey ends here, and this line of the report runs across the whole width.';
    const pdf = buildTestPdf([
      [
        ...body(
          780,
          Array.from({ length: 12 }, () => prose),
        ),
        { text: 'Notes', x: 72, y: 580, size: 16 },
        ...body(
          550,
          ['Left: crabs hid under the kelp', 'at low tide on the outer reef', 'where the pools are deep.'],
          72,
        ),
        ...body(
          550,
          ['Right: the stars were fewer', 'than last year along the point', 'and the bay was calm.'],
          310,
        ),
      ],
    ]);
    const paragraphs = [...(await parsePdf(pdf, { mode: 'fast' })).html.matchAll(/<p>(.*?)<\/p>/g)].map(
      (match) => match[1],
    );
    expect(paragraphs.slice(-2)).toEqual([
      'Left: crabs hid under the kelp at low tide on the outer reef where the pools are deep.',
      'Right: the stars were fewer than last year along the point and the bay was calm.',
    ]);
  });

  it('reads an index in two columns as entries under their letters, a letter atop the right column and a lone entry too', async () => {
    const leader = (entry: string, page: number) => `${entry} ${'. '.repeat(30 - entry.length)}${page}`;
    const pdf = buildTestPdf([
      [
        { text: 'Index', x: 72, y: 780, size: 16 },
        { text: 'A', x: 72, y: 750, size: 14, bold: true },
        ...body(734, [leader('Anchor chain', 3), leader('Aster beds', 5), leader('Autumn tides', 9)]),
        { text: 'M', x: 310, y: 750, size: 14, bold: true },
        ...body(734, [leader('Mooring rings', 4), leader('Mud flats', 2), leader('Mussel reef', 6)], 310),
        { text: 'P', x: 310, y: 680, size: 14, bold: true },
        ...body(664, [leader('Pilot boats', 7)], 310),
      ],
    ]);
    const { html } = await parsePdf(pdf, { mode: 'fast' });
    const rows = [...html.matchAll(/<tr><t[dh]>(.*?)<\/t[dh]><t[dh]>(.*?)<\/t[dh]><\/tr>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual([
      ['Anchor chain', '3'],
      ['Aster beds', '5'],
      ['Autumn tides', '9'],
      ['Mooring rings', '4'],
      ['Mud flats', '2'],
      ['Mussel reef', '6'],
      // A letter's one entry is an entry still.
      ['Pilot boats', '7'],
    ]);
    expect(html).toMatch(/<h\d>M<\/h\d>/);
    expect(html).toMatch(/<h\d>P<\/h\d>/);
  });

  it('starts a new paragraph at the top of the right column when the left one ended a sentence', async () => {
    const lines = (x: number, first: string) =>
      body(740, [first, 'and a second line of the same text', 'that ends its sentence here.'], x);
    const pdf = buildTestPdf([
      [...lines(72, 'West: the first column says this'), ...lines(310, 'East: the second column says that')],
    ]);
    const paragraphs = [...(await parsePdf(pdf, { mode: 'fast' })).html.matchAll(/<p>(.*?)<\/p>/g)].map(
      (match) => match[1],
    );
    expect(paragraphs).toEqual([
      'West: the first column says this and a second line of the same text that ends its sentence here.',
      'East: the second column says that and a second line of the same text that ends its sentence here.',
    ]);
  });

  it('leaves out running heads and page numbers, and joins a paragraph the page break cut', async () => {
    const head = { text: 'Tide Tables Handbook', x: 72, y: 810, size: 9 };
    const foot = (page: number) => ({ text: `Page ${page} of 3`, x: 280, y: 30, size: 9 });
    const handbook = buildTestPdf([
      [
        { text: 'Tide Tables Handbook', x: 72, y: 760, size: 24 },
        ...body(720, ['High water comes about fifty minutes later each day, as the moon', 'moves on its']),
        foot(1),
      ],
      [
        head,
        ...body(780, ['orbit around the earth.', 'Spring tides follow the new and full moon.']),
        foot(2),
      ],
      [
        head,
        { text: 'Neap tides', x: 72, y: 780, size: 16 },
        ...body(750, ['They follow the half moons.']),
        foot(3),
      ],
    ]);
    const { html } = await parsePdf(handbook, { mode: 'fast' });
    expect(html).not.toContain('Page ');
    expect(html.match(/Tide Tables Handbook/g)).toHaveLength(1);
    expect(html).toContain('<h1>Tide Tables Handbook</h1>');
    expect(html).toContain(
      '<p>High water comes about fifty minutes later each day, as the moon moves on its orbit around the earth. Spring tides follow the new and full moon.</p>',
    );
    expect(html).toContain('<h2>Neap tides</h2>\n<p>They follow the half moons.</p>');
  });

  it("leaves out the number a chapter's first page prints alone where the other pages print their heads", async () => {
    const head = (text: string) => ({ text, x: 72, y: 810, size: 9 });
    const page = (top: TestText, lines: string[]) => [top, ...body(760, lines)];
    const book = buildTestPdf([
      page(head('1'), ['Tides rise and fall twice a day.']),
      page(head('Chapter 1: Tides 2'), ['The moon pulls the water.']),
      page(head('Chapter 1: Tides 3'), ['Spring tides are the highest.']),
      page(head('4'), ['Currents run along the coast.']),
      page(head('Chapter 2: Currents 5'), ['Rip currents run out to sea.']),
      page(head('Chapter 2: Currents 6'), ['Swim across them, not against.']),
    ]);
    const { html } = await parsePdf(book, { mode: 'fast' });
    expect([...html.matchAll(/<p>(.*?)<\/p>/g)].map((match) => match[1])).toEqual([
      'Tides rise and fall twice a day.',
      'The moon pulls the water.',
      'Spring tides are the highest.',
      'Currents run along the coast.',
      'Rip currents run out to sea.',
      'Swim across them, not against.',
    ]);
  });

  it('stops at maxPages and reports the real page count', async () => {
    const parsed = await parsePdf(report, { mode: 'fast', maxPages: 2 });
    expect(parsed).toMatchObject({ numPages: 2, totalPages: 3 });
    expect(parsed.html).toContain('Schedule');
    expect(parsed.html).not.toContain('Appendix');
  });

  it('refuses encrypted and broken files with SCRAPE_PDF codes', async () => {
    const encrypted = buildTestPdf([body(700, ['Secret'])], { encrypted: true });
    await expect(parsePdf(encrypted, { mode: 'fast' })).rejects.toMatchObject({
      code: 'SCRAPE_PDF_ENCRYPTED',
    });
    const broken = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    await expect(parsePdf(broken, { mode: 'fast' })).rejects.toBeInstanceOf(PdfError);
    await expect(parsePdf(broken, { mode: 'fast' })).rejects.toMatchObject({ code: 'SCRAPE_PDF_INVALID' });
  });

  it('reads a page without a text layer through OCR in auto mode, and every page in ocr mode', async () => {
    const empty = buildTestPdf([[], body(700, ['A page with a text layer of its own.'])]);
    const auto = await parsePdf(empty, { mode: 'auto' });
    expect(auto.ocrPages).toEqual([1]);
    expect(auto.html).toContain('A page with a text layer of its own.');
    const ocr = await parsePdf(report, { mode: 'ocr', maxPages: 1 });
    expect(ocr.ocrPages).toEqual([1]);
    expect(ocr.html).toMatch(/Harbour Report/);
    expect(ocr.html).toMatch(/North quay/);
  });
});
