/** A document the converters cannot read (a damaged file, one too large unpacked), or cannot convert on this server. */
export class OfficeError extends Error {
  constructor(
    readonly code: 'SCRAPE_DOCUMENT_INVALID' | 'SCRAPE_TIMEOUT' | 'FEATURE_NOT_AVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'OfficeError';
  }
}
