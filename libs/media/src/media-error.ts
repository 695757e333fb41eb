/** A media download that failed for a reason the client should hear about. */
export class MediaError extends Error {
  constructor(
    readonly code:
      | 'SCRAPE_MEDIA_UNSUPPORTED'
      | 'SCRAPE_MEDIA_FAILED'
      | 'SCRAPE_SSRF_BLOCKED'
      | 'SCRAPE_TIMEOUT'
      | 'FEATURE_NOT_AVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
