import type { Response } from 'playwright-core';
import { FetchError } from './fetch-error.js';

const TEXTUAL =
  /^(text\/|application\/(json|ld\+json|xml|xhtml\+xml|rss\+xml|atom\+xml|javascript)|[^;]*\+(json|xml))/i;

export const isHtml = (contentType: string) => /^(text\/html|application\/xhtml\+xml)/i.test(contentType);

/** The text of a response that is not an HTML page, or a clear error for binary files this build cannot convert. */
export async function textBody(response: Response, contentType: string): Promise<string> {
  if (!TEXTUAL.test(contentType)) throw unsupportedFile(contentType);
  // Chromium has already decoded text with the declared charset; Playwright hands it over as UTF-8.
  return response.text();
}

/** PDFs and other binary files: this build renders pages and reads text, nothing else. */
export function unsupportedFile(contentType: string): FetchError {
  return new FetchError(
    'SCRAPE_UNSUPPORTED_FILE_ERROR',
    /^application\/pdf/i.test(contentType)
      ? 'PDF documents cannot be parsed by this Trawl version yet'
      : `Files of type ${contentType || 'unknown'} cannot be converted to the requested formats`,
  );
}
