/** What LibreOffice turns a legacy or open office format into: one that Trawl reads itself. */
export type LibreOfficeTarget = 'docx' | 'xlsx' | 'pdf';

/** Formats LibreOffice converts, named by their extension without the dot. */
const LIBREOFFICE_FORMATS = {
  doc: 'docx',
  docm: 'docx',
  odt: 'docx',
  rtf: 'docx',
  xls: 'xlsx',
  xlsm: 'xlsx',
  xlsb: 'xlsx',
  ods: 'xlsx',
  pptx: 'pdf',
  ppt: 'pdf',
  pptm: 'pdf',
  odp: 'pdf',
} as const satisfies Record<string, LibreOfficeTarget>;

export type LibreOfficeFormat = keyof typeof LIBREOFFICE_FORMATS;

/** The documents Trawl reads itself. */
type NativeDocumentType = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'epub';

/** A document a page or upload can be, which Trawl reads itself or through LibreOffice (a page's `fileType`). */
export type DocumentFileType = NativeDocumentType | LibreOfficeFormat;

/** The format LibreOffice converts a document into first, or undefined for those Trawl reads itself. */
export function libreOfficeTargetOf(fileType: DocumentFileType): LibreOfficeTarget | undefined {
  return LIBREOFFICE_FORMATS[fileType as LibreOfficeFormat];
}

/** The format a document is read in: its own, or the one LibreOffice converts it into. */
export function readableTypeOf(fileType: DocumentFileType): NativeDocumentType {
  return libreOfficeTargetOf(fileType) ?? (fileType as NativeDocumentType);
}

/** What an uploaded file is read as: a document, or an HTML page. */
export type UploadKind = DocumentFileType | 'html';

/** One entry of `GET /v2/parse/formats`, in the reference service's shape. */
export interface ParseFormat {
  format: string;
  kind: 'document';
  extensions: string[];
  mimeTypes: string[];
  /** Whether this server reads such a file (the others answer 501 by name). */
  available: boolean;
}

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface FormatEntry {
  format: UploadKind;
  extensions: string[];
  mimeTypes: string[];
}

const format = (name: FormatEntry['format'], extensions: string[], mimeTypes: string[]): FormatEntry => ({
  format: name,
  extensions,
  mimeTypes,
});

/**
 * Every file type the reference service's `/v2/parse` takes; Trawl reads PDF, Word, Excel, CSV,
 * e-books and HTML itself, the other office formats through LibreOffice (LIBREOFFICE_FORMATS).
 */
const FORMATS: readonly FormatEntry[] = [
  format('pdf', ['.pdf'], ['application/pdf']),
  format('docx', ['.docx'], [DOCX_CONTENT_TYPE]),
  format('xlsx', ['.xlsx'], [XLSX_CONTENT_TYPE]),
  format('html', ['.html', '.htm', '.xhtml'], ['text/html', 'application/xhtml+xml']),
  format('csv', ['.csv'], ['text/csv']),
  format('doc', ['.doc'], ['application/msword']),
  format('docm', ['.docm'], ['application/vnd.ms-word.document.macroenabled.12']),
  format('odt', ['.odt'], ['application/vnd.oasis.opendocument.text']),
  format('rtf', ['.rtf'], ['application/rtf', 'text/rtf']),
  format('ods', ['.ods'], ['application/vnd.oasis.opendocument.spreadsheet']),
  format('xls', ['.xls'], ['application/vnd.ms-excel']),
  format('xlsm', ['.xlsm'], ['application/vnd.ms-excel.sheet.macroenabled.12']),
  format('xlsb', ['.xlsb'], ['application/vnd.ms-excel.sheet.binary.macroenabled.12']),
  format('odp', ['.odp'], ['application/vnd.oasis.opendocument.presentation']),
  format('pptx', ['.pptx'], ['application/vnd.openxmlformats-officedocument.presentationml.presentation']),
  format('ppt', ['.ppt'], ['application/vnd.ms-powerpoint']),
  format('pptm', ['.pptm'], ['application/vnd.ms-powerpoint.presentation.macroenabled.12']),
  format('epub', ['.epub'], ['application/epub+zip']),
];

/** `GET /v2/parse/formats`: the formats LibreOffice reads are available when this server can run it. */
export function parseFormats(libreOfficeAvailable: boolean): ParseFormat[] {
  return FORMATS.map(({ format, extensions, mimeTypes }) => ({
    format,
    kind: 'document',
    extensions,
    mimeTypes,
    available: libreOfficeAvailable || format === 'html' || !libreOfficeTargetOf(format),
  }));
}

const mediaTypeOf = (contentType: string) => contentType.toLowerCase().split(';')[0]?.trim() ?? '';

/** The document a response's content type declares (parameters ignored), if Trawl reads it. */
export function documentTypeOfContentType(contentType: string): DocumentFileType | undefined {
  const type = mediaTypeOf(contentType);
  const entry = FORMATS.find((candidate) => candidate.mimeTypes.includes(type));
  return entry && entry.format !== 'html' ? entry.format : undefined;
}

/** The content type a document or HTML file is served with, as an upload of it is described. */
export function contentTypeOf(type: UploadKind): string {
  return FORMATS.find((entry) => entry.format === type)?.mimeTypes[0] as string;
}

/** The entry an upload matches by its name's extension, else by its declared type. */
function formatOf(filename: string, contentType: string): FormatEntry | undefined {
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
  const type = mediaTypeOf(contentType);
  return (
    FORMATS.find((entry) => extension !== undefined && entry.extensions.includes(extension)) ??
    FORMATS.find((entry) => entry.mimeTypes.includes(type))
  );
}

/**
 * What a file's first bytes say it is: a PDF, a ZIP archive (Word, Excel and PowerPoint since 2007,
 * OpenDocument, EPUB), an OLE compound file (the older Word, Excel and PowerPoint), or RTF.
 */
export function fileSignatureOf(bytes: Uint8Array): 'pdf' | 'zip' | 'ole' | 'rtf' | undefined {
  const start = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (start === '%PDF-') return 'pdf';
  if (start.startsWith('PK\u0003\u0004')) return 'zip';
  if (start.startsWith('\u00d0\u00cf\u0011\u00e0')) return 'ole';
  if (start === '{\\rtf') return 'rtf';
  return undefined;
}

/** How an upload is read, by its name or declared type (a PDF also by its `%PDF-` signature); undefined for types /v2/parse does not take. */
export function uploadKindOf(bytes: Uint8Array, filename: string, contentType = ''): UploadKind | undefined {
  if (fileSignatureOf(bytes) === 'pdf') return 'pdf';
  return formatOf(filename, contentType)?.format;
}
