/**
 * What an uploaded file is, as the reference service tells it: by extension or declared content
 * type (a PDF also by its `%PDF-` signature). `document` covers the other office and e-book formats
 * the reference service converts, which this build does not read (see ParseService).
 */
export type UploadKind = 'pdf' | 'docx' | 'xlsx' | 'html' | 'document';

/** One entry of `GET /v2/parse/formats`, in the reference service's shape. */
export interface ParseFormat {
  format: string;
  kind: 'document';
  extensions: string[];
  mimeTypes: string[];
  /** Whether this build reads such a file (the others answer 501 by name). */
  available: boolean;
}

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const format = (name: string, extensions: string[], mimeTypes: string[], available = false): ParseFormat => ({
  format: name,
  kind: 'document',
  extensions,
  mimeTypes,
  available,
});

/** Every file type the reference service's `/v2/parse` takes; the readable ones first. */
export const PARSE_FORMATS: readonly ParseFormat[] = [
  format('pdf', ['.pdf'], ['application/pdf'], true),
  format('docx', ['.docx'], [DOCX_CONTENT_TYPE], true),
  format('xlsx', ['.xlsx'], [XLSX_CONTENT_TYPE], true),
  format('html', ['.html', '.htm', '.xhtml'], ['text/html', 'application/xhtml+xml'], true),
  format('doc', ['.doc'], ['application/msword']),
  format('docm', ['.docm'], ['application/vnd.ms-word.document.macroenabled.12']),
  format('odt', ['.odt'], ['application/vnd.oasis.opendocument.text']),
  format('ods', ['.ods'], ['application/vnd.oasis.opendocument.spreadsheet']),
  format('odp', ['.odp'], ['application/vnd.oasis.opendocument.presentation']),
  format('rtf', ['.rtf'], ['application/rtf', 'text/rtf']),
  format('xls', ['.xls'], ['application/vnd.ms-excel']),
  format('xlsm', ['.xlsm'], ['application/vnd.ms-excel.sheet.macroenabled.12']),
  format('xlsb', ['.xlsb'], ['application/vnd.ms-excel.sheet.binary.macroenabled.12']),
  format('pptx', ['.pptx'], ['application/vnd.openxmlformats-officedocument.presentationml.presentation']),
  format('ppt', ['.ppt'], ['application/vnd.ms-powerpoint']),
  format('pptm', ['.pptm'], ['application/vnd.ms-powerpoint.presentation.macroenabled.12']),
  format('epub', ['.epub'], ['application/epub+zip']),
  format('csv', ['.csv'], ['text/csv']),
];

/** The entry an upload matches by its name's extension, else by its declared type (parameters ignored). */
function parseFormatOf(filename: string, contentType: string): ParseFormat | undefined {
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0];
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    PARSE_FORMATS.find((entry) => extension !== undefined && entry.extensions.includes(extension)) ??
    PARSE_FORMATS.find((entry) => entry.mimeTypes.includes(type))
  );
}

export function uploadKindOf(bytes: Uint8Array, filename: string, contentType = ''): UploadKind | undefined {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf';
  const entry = parseFormatOf(filename, contentType);
  if (!entry) return undefined;
  return (['pdf', 'docx', 'xlsx', 'html'] as const).find((kind) => kind === entry.format) ?? 'document';
}

/** The extension a document names, for messages (`.odt`), or its content type when it has none. */
export function documentTypeOf(filename: string, contentType = ''): string {
  return /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? (contentType || 'unknown type');
}
