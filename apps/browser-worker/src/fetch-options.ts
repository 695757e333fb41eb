import type { FetchPageOptions } from '#browser';
import type { ScrapeRequest } from '#contracts';

/** How the browser renders a scrape request; shared by the scrape itself and interact replays. */
export function fetchOptionsOf(
  request: ScrapeRequest,
  extra: Pick<FetchPageOptions, 'timeout' | 'allowedPrivateAddresses'> & Partial<FetchPageOptions>,
): FetchPageOptions {
  return {
    url: request.url,
    headers: request.headers,
    mobile: request.mobile,
    waitFor: request.waitFor,
    location: request.location,
    skipTlsVerification: request.skipTlsVerification,
    blockAds: request.blockAds,
    actions: request.actions,
    screenshot: request.formats.find((format) => format.type === 'screenshot'),
    branding: request.formats.some((format) => format.type === 'branding'),
    ...extra,
  };
}

/**
 * What a replay repeats to bring a page back to where its scrape left it: navigation and input,
 * not captures (scrape, screenshot, pdf) and not scripts, which may have side effects.
 */
export const REPLAYED_ACTIONS: ReadonlySet<string> = new Set(['wait', 'click', 'write', 'press', 'scroll']);
