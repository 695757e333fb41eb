/** What LibreOffice turns a legacy or open office format into: one that Trawl reads itself. */
export type LibreOfficeTarget = 'docx' | 'xlsx' | 'pdf';

/** How this build reads an uploaded file. */
export type UploadKind =
  /** By its own readers. */
  | { reader: 'pdf' | 'docx' | 'xlsx' | 'csv' | 'html' }
  /** Converted by LibreOffice first (`extension` tells LibreOffice which filter reads it). */
  | { reader: 'libreoffice'; convertsTo: LibreOfficeTarget; extension: string }
  /** A type the reference service takes that this build cannot read. */
  | { reader: 'none'; extension: string };

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

interface FormatReading {
  format: string;
  extensions: string[];
  mimeTypes: string[];
  reads: 'native' | LibreOfficeTarget | 'none';
}

const format = (
  name: string,
  extensions: string[],
  mimeTypes: string[],
  reads: FormatReading['reads'],
): FormatReading => ({ format: name, extensions, mimeTypes, reads });

/**
 * Every file type the reference service's `/v2/parse` takes, and how this build reads it: itself,
 * or through LibreOffice into Word, Excel or PDF (writer, spreadsheet and presentation formats).
 */
const FORMATS: readonly FormatReading[] = [
  format('pdf', ['.pdf'], ['application/pdf'], 'native'),
  format('docx', ['.docx'], [DOCX_CONTENT_TYPE], 'native'),
  format('xlsx', ['.xlsx'], [XLSX_CONTENT_TYPE], 'native'),
  format('html', ['.html', '.htm', '.xhtml'], ['text/html', 'application/xhtml+xml'], 'native'),
  format('csv', ['.csv'], ['text/csv'], 'native'),
  format('doc', ['.doc'], ['application/msword'], 'docx'),
  format('docm', ['.docm'], ['application/vnd.ms-word.document.macroenabled.12'], 'docx'),
  format('odt', ['.odt'], ['application/vnd.oasis.opendocument.text'], 'docx'),
  format('rtf', ['.rtf'], ['application/rtf', 'text/rtf'], 'docx'),
  format('ods', ['.ods'], ['application/vnd.oasis.opendocument.spreadsheet'], 'xlsx'),
  format('xls', ['.xls'], ['application/vnd.ms-excel'], 'xlsx'),
  format('xlsm', ['.xlsm'], ['application/vnd.ms-excel.sheet.macroenabled.12'], 'xlsx'),
  format('xlsb', ['.xlsb'], ['application/vnd.ms-excel.sheet.binary.macroenabled.12'], 'xlsx'),
  format('odp', ['.odp'], ['application/vnd.oasis.opendocument.presentation'], 'pdf'),
  format(
    'pptx',
    ['.pptx'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    'pdf',
  ),
  format('ppt', ['.ppt'], ['application/vnd.ms-powerpoint'], 'pdf'),
  format('pptm', ['.pptm'], ['application/vnd.ms-powerpoint.presentation.macroenabled.12'], 'pdf'),
  format('epub', ['.epub'], ['application/epub+zip'], 'none'),
];

/** `GET /v2/parse/formats`: the formats LibreOffice reads are available when this server can run it. */
export function parseFormats(libreOfficeAvailable: boolean): ParseFormat[] {
  return FORMATS.map(({ format, extensions, mimeTypes, reads }) => ({
    format,
    kind: 'document',
    extensions,
    mimeTypes,
    available: reads === 'native' || (reads !== 'none' && libreOfficeAvailable),
  }));
}

/** The entry an upload matches by its name's extension, else by its declared type (parameters ignored). */
function formatOf(filename: string, contentType: string): FormatReading | undefined {
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    FORMATS.find((entry) => extension !== undefined && entry.extensions.includes(extension)) ??
    FORMATS.find((entry) => entry.mimeTypes.includes(type))
  );
}

/** How an upload is read, by its name or declared type (a PDF also by its `%PDF-` signature); undefined for types /v2/parse does not take. */
export function uploadKindOf(bytes: Uint8Array, filename: string, contentType = ''): UploadKind | undefined {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return { reader: 'pdf' };
  const entry = formatOf(filename, contentType);
  if (!entry) return undefined;
  const extension = entry.extensions[0] as string;
  if (entry.reads === 'native') return { reader: entry.format as 'pdf' | 'docx' | 'xlsx' | 'csv' | 'html' };
  if (entry.reads === 'none') return { reader: 'none', extension };
  return { reader: 'libreoffice', convertsTo: entry.reads, extension };
}
