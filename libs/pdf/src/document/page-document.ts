import {
  buildDocument,
  type ContentPool,
  localPartOf,
  type PageInput,
  pageInputOf,
  refineWithModel,
  type ScrapeDocument,
} from '#content';
import { type FetchedPage, libreOfficeTargetOf, type ScrapeRequest, TrawlError } from '#contracts';
import { deadlineSignal, type LlmPort } from '#llm';
import { type LibreOfficeConverter, OfficeError, type OfficePool } from '#office';
import { PdfError } from '../pdf-error.js';
import type { PdfPool } from '../pool/pdf-pool.js';
import { pdfDocument, pdfOutput } from './pdf-document.js';

/** Time kept after the model calls to store or answer the document before the request's timeout. */
const ANSWER_RESERVE_MS = 500;

/**
 * The worker pools a page's conversion runs in: PDFs are parsed in one, Word, Excel and CSV files
 * turned into HTML in another, markup converted in the third; LibreOffice converts other office
 * formats into Word, Excel or PDF first.
 */
export interface ConversionPools {
  pdf: PdfPool;
  office: OfficePool;
  content: ContentPool;
  libreOffice: LibreOfficeConverter;
}

/** Stops the worker-thread pools; LibreOffice keeps no process between conversions, so it has none to stop. */
export async function closeConversionPools(pools: ConversionPools): Promise<void> {
  await Promise.all([pools.pdf.close(), pools.office.close(), pools.content.close()]);
}

export interface PageDocument {
  document: ScrapeDocument;
  /** The extraction change tracking's `json` mode compares, when the request asked for it. */
  changeTrackingJson?: unknown;
  /**
   * The main content's markdown when the document holds none but it was written for the structured
   * formats (a scrape for json alone): what the page says, for the search index. Never when personal
   * data was to be redacted: this text is not.
   */
  unrequestedMarkdown?: string;
}

/**
 * A page's body → its Firecrawl document. A PDF is parsed (local results only); markup is
 * converted in the pool and then refined by the model when one is configured. A Word file becomes
 * HTML first and is then converted as markup, whole (as a PDF, it is all content). Model calls are
 * I/O, not CPU: they run here, after the pool, and end in time to answer before the request's
 * timeout, counted from `startedAt` (when the client started waiting).
 */
export async function documentOfPage(
  pools: ConversionPools,
  llm: LlmPort | null,
  scrapeId: string,
  request: ScrapeRequest,
  page: FetchedPage,
  body: Uint8Array,
  startedAt: number,
): Promise<PageDocument> {
  ({ page, body } = await readableDocument(pools, page, body, startedAt + request.timeout - Date.now()));
  if (page.fileType === 'pdf') {
    return { document: pdfDocument(scrapeId, request, page, await pdfOutput(pools, request, page, body)) };
  }
  const input = await markupInputOf(pools, request, page, body);
  let output = await pools.content.convert(localPartOf(input, llm));
  if (llm) {
    const left = startedAt + request.timeout - Date.now() - ANSWER_RESERVE_MS;
    const deadline = deadlineSignal(left, `the scrape's ${request.timeout} ms timeout ran out`);
    output = await refineWithModel(llm, input, output, deadline);
  }
  const unrequestedMarkdown =
    output.markdown === undefined && !request.redactPII ? output.structured?.pageMarkdown : undefined;
  return {
    document: buildDocument(scrapeId, request, page, output),
    changeTrackingJson: output.structured?.changeTrackingJson,
    ...(unrequestedMarkdown ? { unrequestedMarkdown } : {}),
  };
}

/**
 * A page in a format the readers take: an office format LibreOffice reads (.odt, .doc, .pptx, …)
 * converted into Word, Excel or PDF within `timeoutMs`; the page keeps its content type.
 */
export async function readableDocument(
  pools: ConversionPools,
  page: FetchedPage,
  body: Uint8Array,
  timeoutMs: number,
): Promise<{ page: FetchedPage; body: Uint8Array }> {
  const target = page.fileType && libreOfficeTargetOf(page.fileType);
  if (!page.fileType || !target) return { page, body };
  const converted = await pools.libreOffice.convert(body, `.${page.fileType}`, target, timeoutMs);
  return { page: { ...page, fileType: target }, body: converted };
}

/**
 * What the content pool converts for a page that is not a PDF: its text, or a Word, Excel, CSV or
 * e-book file's HTML, whole (other office formats are made readable by `readableDocument` first).
 */
export async function markupInputOf(
  pools: ConversionPools,
  request: ScrapeRequest,
  page: FetchedPage,
  body: Uint8Array,
): Promise<PageInput> {
  const { fileType } = page;
  if (fileType === undefined || fileType === 'pdf')
    return pageInputOf(request, page, new TextDecoder().decode(body));
  if (fileType !== 'docx' && fileType !== 'xlsx' && fileType !== 'csv' && fileType !== 'epub') {
    throw new Error(`A ${fileType} page must be made readable (readableDocument) before it is converted`);
  }
  const html = await pools.office.toHtml(fileType, body);
  return { ...pageInputOf(request, page, html), contentType: 'text/html', onlyMainContent: false };
}

/** A file the converters could not read: it carries the scrape error code to answer with. */
export function isDocumentError(error: unknown): error is PdfError | OfficeError {
  return error instanceof PdfError || error instanceof OfficeError;
}

/** For the api: a file the converters could not read answers with its own code; other errors pass. */
export function asAnswerError(error: unknown): unknown {
  return isDocumentError(error) ? new TrawlError(error.code, error.message) : error;
}
