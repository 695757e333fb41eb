/** A PDF that cannot be turned into a document, with the `SCRAPE_PDF_…` code the API answers. */
export class PdfError extends Error {
  constructor(
    readonly code:
      | 'SCRAPE_PDF_ENCRYPTED'
      | 'SCRAPE_PDF_INVALID'
      | 'SCRAPE_PDF_OCR_UNAVAILABLE'
      | 'SCRAPE_PDF_OCR_FAILED',
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}
