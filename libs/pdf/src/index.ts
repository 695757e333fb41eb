export {
  asAnswerError,
  type ConversionPools,
  closeConversionPools,
  documentOfPage,
  isDocumentError,
  markupInputOf,
  type PageDocument,
  readableDocument,
} from './document/page-document.js';
export { type PdfOutput, pdfDocument, pdfOutput } from './document/pdf-document.js';
export type { LayoutBlock, TextLine, TextRun } from './layout/text-run.js';
export { type ParsedPdf, type PdfMode, type PdfParseOptions, parsePdf } from './parse-pdf.js';
export { PdfError } from './pdf-error.js';
export { PdfPool } from './pool/pdf-pool.js';
