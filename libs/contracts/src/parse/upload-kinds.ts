/**
 * What an uploaded file is, as the reference service tells it: by extension or declared content
 * type (a PDF also by its `%PDF-` signature). `document` covers the other office and e-book formats
 * the reference service converts, which this build does not read (see ParseService).
 */
export type UploadKind = 'pdf' | 'docx' | 'html' | 'document';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Office and e-book extensions the reference service converts as documents. */
const DOCUMENT_EXTENSIONS = [
  '.docx',
  '.doc',
  '.docm',
  '.odt',
  '.ods',
  '.odp',
  '.rtf',
  '.xlsx',
  '.xls',
  '.xlsm',
  '.xlsb',
  '.pptx',
  '.ppt',
  '.pptm',
  '.epub',
  '.csv',
] as const;

const DOCUMENT_TYPES = [
  'application/vnd.openxmlformats-officedocument',
  'application/msword',
  'application/vnd.ms-',
  'application/vnd.oasis.opendocument',
  'application/rtf',
  'application/epub+zip',
  'text/csv',
];

export function uploadKindOf(bytes: Uint8Array, filename: string, contentType = ''): UploadKind | undefined {
  const extension = /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '';
  const type = contentType.toLowerCase();
  const signature = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (extension === '.pdf' || type.startsWith('application/pdf') || signature === '%PDF-') return 'pdf';
  if (extension === '.docx' || type.startsWith(DOCX_CONTENT_TYPE)) return 'docx';
  if (
    (DOCUMENT_EXTENSIONS as readonly string[]).includes(extension) ||
    DOCUMENT_TYPES.some((prefix) => type.startsWith(prefix))
  )
    return 'document';
  if (['.html', '.htm', '.xhtml'].includes(extension) || /text\/html|application\/xhtml\+xml/.test(type))
    return 'html';
  return undefined;
}

/** The extension a document names, for messages (`.docx`), or its content type when it has none. */
export function documentTypeOf(filename: string, contentType = ''): string {
  return /\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? (contentType || 'unknown type');
}
