export type FetchErrorCode =
  | 'SCRAPE_DNS_RESOLUTION_ERROR'
  | 'SCRAPE_SITE_ERROR'
  | 'SCRAPE_TIMEOUT'
  | 'SCRAPE_SSL_ERROR'
  | 'SCRAPE_SSRF_BLOCKED'
  | 'SCRAPE_UNSUPPORTED_FILE_ERROR'
  | 'SCRAPE_BROWSER_ERROR'
  | 'SCRAPE_ACTION_ERROR'
  | 'FEATURE_NOT_AVAILABLE';

/** A fetch that failed for a reason the client should hear about, with Firecrawl's error code. */
export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** Maps Chromium's `net::ERR_*` navigation errors to Firecrawl's codes. */
export function fetchErrorFromNavigation(error: unknown, url: string): FetchError {
  const message = error instanceof Error ? error.message : String(error);
  const net = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  const host = safeHost(url);
  if (net === 'ERR_NAME_NOT_RESOLVED') {
    return new FetchError('SCRAPE_DNS_RESOLUTION_ERROR', `DNS resolution failed for ${host}`);
  }
  if (net?.startsWith('ERR_CERT_') || net?.startsWith('ERR_SSL_')) {
    return new FetchError('SCRAPE_SSL_ERROR', `TLS error for ${host}: ${net}`);
  }
  if (net === 'ERR_BLOCKED_BY_CLIENT') {
    return new FetchError('SCRAPE_SSRF_BLOCKED', `Fetching ${host} is not allowed`);
  }
  if (net) return new FetchError('SCRAPE_SITE_ERROR', `Could not load ${url}: ${net}`);
  return new FetchError(
    'SCRAPE_BROWSER_ERROR',
    `The browser failed to load ${url}: ${message.split('\n')[0]}`,
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
