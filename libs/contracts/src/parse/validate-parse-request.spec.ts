import {
  type DocumentFileType,
  documentTypeOfContentType,
  libreOfficeTargetOf,
  parseFormats,
  readableTypeOf,
  uploadKindOf,
} from '../documents/document-formats.js';
import { validateParseRequest } from './validate-parse-request.js';

const file = (originalname: string, content = '<html><body><p>Hi</p></body></html>', mimetype = '') => ({
  originalname,
  mimetype,
  buffer: Buffer.from(content),
  size: Buffer.byteLength(content),
});

describe('uploadKindOf', () => {
  it('tells a PDF by name, declared type or signature, documents and HTML by name or type', () => {
    expect(uploadKindOf(Buffer.from('%PDF-1.7'), 'scan.bin')).toBe('pdf');
    expect(uploadKindOf(Buffer.from('x'), 'report', 'application/pdf')).toBe('pdf');
    expect(uploadKindOf(Buffer.from('PK'), 'Minutes.DOCX')).toBe('docx');
    expect(uploadKindOf(Buffer.from('PK'), 'minutes.odt')).toBe('odt');
    expect(uploadKindOf(Buffer.from('x'), 'sheet', 'application/vnd.ms-excel')).toBe('xls');
    expect(uploadKindOf(Buffer.from('a,b'), 'fares.csv')).toBe('csv');
    expect(uploadKindOf(Buffer.from('<p>'), 'page.xhtml')).toBe('html');
    expect(uploadKindOf(Buffer.from('<p>'), 'page', 'text/html; charset=utf-8')).toBe('html');
    expect(uploadKindOf(Buffer.from('PK'), 'novel.epub')).toBe('epub');
    expect(uploadKindOf(Buffer.from('hello'), 'notes.txt', 'text/plain')).toBeUndefined();
  });
});

describe('document formats', () => {
  it('sends writer, spreadsheet and presentation formats through LibreOffice into Word, Excel and PDF', () => {
    expect(
      ['odt', 'doc', 'rtf', 'xls', 'ods', 'pptx', 'odp', 'docx', 'csv'].map((type) =>
        readableTypeOf(type as DocumentFileType),
      ),
    ).toEqual(['docx', 'docx', 'docx', 'xlsx', 'xlsx', 'pdf', 'pdf', 'docx', 'csv']);
    expect(libreOfficeTargetOf('xlsx')).toBeUndefined();
  });

  it('tells a document by its declared content type, not an HTML page', () => {
    expect(documentTypeOfContentType('application/vnd.ms-powerpoint')).toBe('ppt');
    expect(documentTypeOfContentType('text/html')).toBeUndefined();
    expect(documentTypeOfContentType('application/epub+zip')).toBe('epub');
  });
});

describe('parseFormats', () => {
  it('lists the LibreOffice formats as available only where LibreOffice runs', () => {
    const available = (libreOffice: boolean) =>
      parseFormats(libreOffice)
        .filter((entry) => entry.available)
        .map((entry) => entry.format);
    expect(available(false)).toEqual(['pdf', 'docx', 'xlsx', 'html', 'csv', 'epub']);
    expect(available(true)).toEqual(parseFormats(true).map((entry) => entry.format));
    expect(available(true)).toEqual(
      expect.arrayContaining(['doc', 'odt', 'rtf', 'xls', 'ods', 'pptx', 'ppt']),
    );
  });
});

describe('validateParseRequest', () => {
  it('takes scrape options from the options part and names the file by a file: URL', () => {
    const validated = validateParseRequest({
      file: file('dir/Tide Pools.html'),
      fields: {
        options: JSON.stringify({ formats: ['markdown', 'links'], onlyMainContent: false }),
        zeroDataRetention: 'true',
      },
    });
    if (!validated.ok) throw new Error(validated.error);
    expect(validated.value).toMatchObject({ filename: 'Tide Pools.html', kind: 'html' });
    expect(validated.value.request).toMatchObject({
      url: 'file:///Tide%20Pools.html',
      sourceUrl: 'Tide Pools.html',
      formats: [{ type: 'markdown' }, { type: 'links' }],
      onlyMainContent: false,
      zeroDataRetention: true,
      storeInCache: false,
      maxAge: 0,
    });
  });

  it('refuses options and formats that need a page visit, by name', () => {
    const validated = validateParseRequest({
      file: file('a.html'),
      fields: {
        options: JSON.stringify({ actions: [], mobile: true, formats: ['branding'], proxy: 'enhanced' }),
      },
    });
    expect(validated).toMatchObject({
      ok: false,
      code: 'PARSE_UNSUPPORTED_OPTIONS',
      details: [
        { path: ['options', 'actions'] },
        { path: ['options', 'mobile'] },
        { path: ['options', 'proxy'] },
        { path: ['options', 'formats', 0] },
      ],
    });
  });

  it('answers BAD_REQUEST for a missing file, unreadable options or parts it does not know', () => {
    expect(validateParseRequest({ fields: {} })).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      details: [{ path: ['file'] }],
    });
    expect(validateParseRequest({ file: file('a.html'), fields: { options: '[1]' } })).toMatchObject({
      code: 'BAD_REQUEST',
      details: [{ path: ['options'] }],
    });
    expect(
      validateParseRequest({ file: file('a.html'), fields: { url: 'https://example.com' } }),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      details: [{ path: ['url'] }],
    });
  });

  it('answers UNSUPPORTED_FILE_TYPE for a file that is neither PDF, HTML nor a document', () => {
    expect(validateParseRequest({ file: file('photo.png', 'PNG'), fields: {} })).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_FILE_TYPE',
    });
  });
});
