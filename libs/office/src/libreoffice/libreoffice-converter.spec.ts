import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docxHtml } from '../docx-html.js';
import { buildTestOdf } from '../testing/build-test-odf.js';
import { LibreOfficeConverter, type LibreOfficeSettings } from './libreoffice-converter.js';

// A work root of its own: Trawls of other test files convert in /dev/shm at the same time.
const workRoot = mkdtempSync(join(tmpdir(), 'office-spec-'));
const settings: LibreOfficeSettings = {
  sofficePath: '/usr/bin/soffice',
  bwrapPath: '/usr/bin/bwrap',
  sandbox: true,
  maxRunning: 2,
  workRoot,
};
afterAll(() => rm(workRoot, { recursive: true, force: true }));
const TIMEOUT_MS = 60_000;

const minutes = buildTestOdf(
  'text',
  '<text:h text:outline-level="1">Harbour Minutes</text:h><text:p>The ferry leaves at 08:15.</text:p>',
);

/** A presentation whose second slide links an image on `imageUrl` (LibreOffice loads it to render the slide). */
const deckLinking = (imageUrl: string) =>
  buildTestOdf(
    'presentation',
    '<draw:page draw:name="One"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>Ferry timetable</text:p></draw:text-box></draw:frame>' +
      `<draw:frame svg:x="2cm" svg:y="6cm" svg:width="5cm" svg:height="5cm"><draw:image xlink:href="${imageUrl}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></draw:page>`,
  );

describe('LibreOfficeConverter', () => {
  let server: Server;
  let requests: string[];
  let imageUrl: string;

  beforeAll(async () => {
    requests = [];
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/linked.png`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('converts an OpenDocument text into Word in the sandbox, leaving no file behind', async () => {
    const docx = await new LibreOfficeConverter(settings).convert(minutes, '.odt', 'docx', TIMEOUT_MS);
    const html = await docxHtml(docx);
    expect(html).toContain('<h1>Harbour Minutes</h1>');
    expect(html).toContain('<p>The ferry leaves at 08:15.</p>');
    expect(await readdir(workRoot)).toEqual([]);
  });

  it('keeps a document from reaching the network in the sandbox, which LibreOffice alone would', async () => {
    const deck = deckLinking(imageUrl);
    const pdf = await new LibreOfficeConverter(settings).convert(deck, '.odp', 'pdf', TIMEOUT_MS);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(requests).toEqual([]);
    await new LibreOfficeConverter({ ...settings, sandbox: false }).convert(deck, '.odp', 'pdf', TIMEOUT_MS);
    expect(requests).toContain('/linked.png');
  });

  it('answers a damaged document as invalid, never as its bytes read for text', async () => {
    const converter = new LibreOfficeConverter(settings);
    const damagedWord = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.from('not a document')]);
    for (const [bytes, extension] of [
      [damagedWord, '.doc'],
      [Buffer.from('PK junk'), '.odt'],
      [Buffer.from('Plain words'), '.rtf'],
    ] as const) {
      await expect(converter.convert(bytes, extension, 'docx', TIMEOUT_MS)).rejects.toMatchObject({
        code: 'SCRAPE_DOCUMENT_INVALID',
      });
    }
  });

  it('stops a conversion at its deadline and removes its files', async () => {
    const converting = new LibreOfficeConverter(settings).convert(minutes, '.odt', 'docx', 50);
    await expect(converting).rejects.toMatchObject({ code: 'SCRAPE_TIMEOUT' });
    expect(await readdir(workRoot)).toEqual([]);
  });

  it('counts the time waiting for a free LibreOffice against the deadline', async () => {
    // A stand-in for soffice that takes one second and copies its input to --outdir.
    const script = join(mkdtempSync(join(tmpdir(), 'trawl-fake-soffice-')), 'soffice');
    writeFileSync(
      script,
      '#!/bin/sh\nwhile [ "$1" != "--outdir" ]; do shift; done\nsleep 1\ncp "$3" "$2/document.docx"\n',
      { mode: 0o755 },
    );
    const converter = new LibreOfficeConverter({
      ...settings,
      sofficePath: script,
      sandbox: false,
      maxRunning: 1,
    });
    const first = converter.convert(minutes, '.odt', 'docx', TIMEOUT_MS);
    // 1.5 s would do for a conversion of its own, but a second of it goes waiting for the first.
    const queued = converter.convert(minutes, '.odt', 'docx', 1_500);
    await expect(queued).rejects.toMatchObject({ code: 'SCRAPE_TIMEOUT' });
    expect(Buffer.from(await first)).toEqual(minutes);
    expect(Buffer.from(await converter.convert(minutes, '.odt', 'docx', 1_500))).toEqual(minutes);
  });

  it('names what this server lacks instead of converting', async () => {
    const converter = new LibreOfficeConverter({ ...settings, sofficePath: '/nonexistent/soffice' });
    expect(await converter.unavailableReason()).toMatch(/missing LibreOffice \(\/nonexistent\/soffice/);
    await expect(converter.convert(minutes, '.odt', 'docx', TIMEOUT_MS)).rejects.toMatchObject({
      code: 'FEATURE_NOT_AVAILABLE',
    });
  });
});
