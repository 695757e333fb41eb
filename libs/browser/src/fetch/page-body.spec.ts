import { buildTestDocx } from '../../../office/src/testing/build-test-docx.js';
import { buildTestXlsx } from '../../../office/src/testing/build-test-xlsx.js';
import { documentTypeOf } from './page-body.js';

describe('documentTypeOf', () => {
  const docx = buildTestDocx([{ heading: 'Minutes' }]);

  it('tells a PDF, a Word or an Excel file by its declared type or by its bytes', () => {
    expect(documentTypeOf('application/pdf', Buffer.from('x'))).toBe('pdf');
    expect(documentTypeOf('application/octet-stream', Buffer.from('junk\n%PDF-1.7'))).toBe('pdf');
    expect(
      documentTypeOf(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        Buffer.from('x'),
      ),
    ).toBe('docx');
    expect(documentTypeOf('application/octet-stream', docx)).toBe('docx');
    expect(documentTypeOf('application/octet-stream', buildTestXlsx([{ name: 'S', rows: [['a']] }]))).toBe(
      'xlsx',
    );
  });

  it('tells the formats LibreOffice converts by declared type, OpenDocument, PowerPoint and RTF also by their bytes', () => {
    expect(documentTypeOf('application/msword', Buffer.from('x'))).toBe('doc');
    expect(documentTypeOf('application/vnd.ms-excel; charset=binary', Buffer.from('x'))).toBe('xls');
    expect(documentTypeOf('text/csv; charset=utf-8', Buffer.from('a,b'))).toBe('csv');
    const zipped = (part: string) => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from(part)]);
    expect(documentTypeOf('application/octet-stream', zipped('ppt/presentation.xml'))).toBe('pptx');
    expect(
      documentTypeOf('application/octet-stream', zipped('mimetypeapplication/vnd.oasis.opendocument.text')),
    ).toBe('odt');
    expect(documentTypeOf('application/octet-stream', Buffer.from('{\\rtf1\\ansi Hi}'))).toBe('rtf');
    expect(documentTypeOf('application/octet-stream', zipped('mimetypeapplication/epub+zip'))).toBe('epub');
  });

  it('reads no other ZIP or binary as a document', () => {
    const otherZip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('assets/logo.png')]);
    expect(documentTypeOf('application/zip', otherZip)).toBeUndefined();
    expect(documentTypeOf('image/png', Buffer.from('\u0089PNG'))).toBeUndefined();
  });
});
