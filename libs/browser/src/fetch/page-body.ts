import type { Response } from 'playwright-core';
import { FetchError } from './fetch-error.js';

const TEXTUAL =
  /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|rss\+xml|atom\+xml|javascript)|[^;]*\+(json|xml))/i;

export const isHtml = (contentType: string) => /^(text\/html|application\/xhtml\+xml)/i.test(contentType);

/** The text of a response that is not an HTML page, or a clear error for binary files this build cannot convert. */
export async function textBody(response: Response, contentType: string): Promise<string> {
  if (/^application\/pdf/i.test(contentType)) {
    throw new FetchError(
      'SCRAPE_UNSUPPORTED_FILE_ERROR',
      'PDF documents cannot be parsed by this Trawl version yet',
    );
  }
  if (!TEXTUAL.test(contentType)) {
    throw new FetchError(
      'SCRAPE_UNSUPPORTED_FILE_ERROR',
      `Files of type ${contentType || 'unknown'} cannot be converted to the requested formats`,
    );
  }
  // Chromium has already decoded text with the declared charset; Playwright hands it over as UTF-8.
  return response.text();
}
