/** A document the converter cannot read (not a Word file, or a damaged one). */
export class OfficeError extends Error {
  constructor(
    readonly code: 'SCRAPE_DOCUMENT_INVALID',
    message: string,
  ) {
    super(message);
    this.name = 'OfficeError';
  }
}
