import { readFile, stat } from 'node:fs/promises';
import type { Download, Page, Response } from 'playwright-core';
import type { PrivateAddressAllowance } from '#config';
import { type DocumentFileType, documentTypeOfContentType, fileSignatureOf } from '#contracts';
import { assertPublicUrl } from '../ssrf/address-guard.js';
import { FetchError } from './fetch-error.js';

const TEXTUAL =
  /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|rss\+xml|atom\+xml|javascript)|[^;]*\+(json|xml))/i;

/** Larger documents are refused rather than held in memory and the blob store. */
const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

export const isHtml = (contentType: string) => /^(text\/html|application\/xhtml\+xml)/i.test(contentType);
export const isPdfType = (contentType: string) => /^application\/(x-)?pdf/i.test(contentType);

/** `%PDF-` within the first kilobyte, where PDF readers look for it (some servers prepend junk). */
const hasPdfSignature = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-');

/** A content type of a document Trawl converts (PDF, office document, CSV, e-book): a browser downloads it or shows its text. */
export const isDocumentType = (contentType: string) => documentTypeOfContentType(contentType) !== undefined;

/** A ZIP archive holding `part` (ZIP keeps its entries' names, and OpenDocument its uncompressed `mimetype`, in the clear). */
const zipHolding = (bytes: Uint8Array, part: string) =>
  fileSignatureOf(bytes) === 'zip' &&
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(part);

/** Documents told by their contents when the server calls them `octet-stream`: the parts each ZIP format must hold. */
const ZIP_DOCUMENTS: readonly [string, DocumentFileType][] = [
  ['word/document.xml', 'docx'],
  ['xl/workbook.xml', 'xlsx'],
  ['ppt/presentation.xml', 'pptx'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'ods'],
  ['application/vnd.oasis.opendocument.presentation', 'odp'],
  ['application/epub+zip', 'epub'],
];

/** The kind of document the bytes of a download or non-HTML response are, if this build reads it. */
export function documentTypeOf(contentType: string, bytes: Uint8Array): DocumentFileType | undefined {
  if (isPdfType(contentType) || hasPdfSignature(bytes)) return 'pdf';
  const declared = documentTypeOfContentType(contentType);
  if (declared) return declared;
  const zipped = ZIP_DOCUMENTS.find(([part]) => zipHolding(bytes, part));
  if (zipped) return zipped[1];
  return fileSignatureOf(bytes) === 'rtf' ? 'rtf' : undefined;
}

/** The text of a response that is not an HTML page, or a clear error for binary files this build cannot convert. */
export async function textBody(response: Response, contentType: string): Promise<string> {
  if (!TEXTUAL.test(contentType)) throw unsupportedFile(contentType);
  // Chromium has already decoded text with the declared charset; Playwright hands it over as UTF-8.
  return response.text();
}

/**
 * The bytes of a file the browser downloaded instead of rendering (a navigation to a PDF ends
 * as a download): the same guarded request, so no second fetch bypasses the SSRF guard.
 */
export async function downloadedBytes(
  download: Download,
  declaredLength: number | undefined,
): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > MAX_DOCUMENT_BYTES) {
    await download.cancel().catch(() => undefined);
    throw tooLarge(declaredLength);
  }
  const path = await download.path().catch((error: unknown) => {
    throw new FetchError('SCRAPE_SITE_ERROR', `The file download failed: ${String(error)}`);
  });
  const { size } = await stat(path);
  if (size > MAX_DOCUMENT_BYTES) throw tooLarge(size);
  return readFile(path);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The bytes of a PDF that Chromium opened in its viewer (the navigation response then holds the
 * viewer, not the file): fetched again through the context (same cookies and headers), every
 * redirect hop checked by the SSRF guard, since these requests bypass the page's routes.
 */
export async function refetchedBytes(
  page: Page,
  url: string,
  options: { allowedPrivateAddresses: PrivateAddressAllowance; timeout: number },
): Promise<Buffer> {
  let current = url;
  for (let hop = 0; hop <= 5; hop++) {
    await assertPublicUrl(current, options.allowedPrivateAddresses);
    const response = await page.request.get(current, {
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: options.timeout,
    });
    try {
      const location = response.headers().location;
      if (REDIRECTS.has(response.status()) && location) {
        current = new URL(location, current).href;
        continue;
      }
      const length = Number(response.headers()['content-length'] ?? 0);
      if (length > MAX_DOCUMENT_BYTES) throw tooLarge(length);
      const bytes = await response.body();
      if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge(bytes.length);
      return bytes;
    } finally {
      await response.dispose();
    }
  }
  throw new FetchError('SCRAPE_SITE_ERROR', `${url} redirected too many times`);
}

const tooLarge = (bytes: number) =>
  new FetchError(
    'SCRAPE_UNSUPPORTED_FILE_ERROR',
    `The file is ${Math.ceil(bytes / 1024 / 1024)} MB; documents up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB are read`,
  );

/** Binary files other than PDFs: this build renders pages and reads text and PDFs, nothing else. */
export function unsupportedFile(contentType: string): FetchError {
  return new FetchError(
    'SCRAPE_UNSUPPORTED_FILE_ERROR',
    `Files of type ${contentType || 'unknown'} cannot be converted to the requested formats`,
  );
}
