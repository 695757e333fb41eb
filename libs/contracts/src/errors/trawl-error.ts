/** One issue of a rejected request: where (`path`) and which rule (`message`). */
export interface ErrorDetail {
  path: (string | number)[];
  message: string;
}

/**
 * HTTP status of each error code, as real Firecrawl clients expect them (API-NOTES.md).
 * A DNS failure is a 200 with `success:false`: that is what the reference service answers.
 */
const STATUS_OF_CODE: Record<string, number> = {
  BAD_REQUEST: 400,
  BAD_REQUEST_INVALID_JSON: 400,
  PARSE_UNSUPPORTED_OPTIONS: 400,
  UNSUPPORTED_FILE_TYPE: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  FILE_URL_EXPIRED: 403,
  SCRAPE_SSRF_BLOCKED: 403,
  NOT_FOUND: 404,
  TEAM_NOT_FOUND: 404,
  API_KEY_NOT_FOUND: 404,
  CHARGE_NOT_FOUND: 404,
  SCRAPE_NOT_FOUND: 404,
  INTERACT_SESSION_NOT_FOUND: 404,
  INTERACT_SESSION_ENDED: 410,
  INTERACT_ZERO_DATA_RETENTION: 409,
  INTERACT_SCRAPE_NOT_COMPLETED: 409,
  PROFILE_LOCKED: 409,
  BROWSER_SESSION_NOT_FOUND: 404,
  BROWSER_SESSION_ENDED: 410,
  BROWSER_SESSION_LIMIT: 429,
  INTERACT_LANGUAGE_UNSUPPORTED: 400,
  CRAWL_NOT_FOUND: 404,
  EXTRACT_NO_PAGES: 422,
  FEEDBACK_JOB_NOT_FOUND: 404,
  CRAWL_CANCELLED: 409,
  MONITOR_NOT_FOUND: 404,
  MONITOR_CHECK_NOT_FOUND: 404,
  MONITOR_ALREADY_EXISTS: 409,
  MONITOR_PAUSED: 409,
  MONITOR_CHECK_RUNNING: 409,
  MONITOR_WEBHOOK_NOT_CONFIGURED: 409,
  SCRAPE_NO_CACHED_DATA: 404,
  SCRAPE_LOCKDOWN_CACHE_MISS: 404,
  SCRAPE_TIMEOUT: 408,
  CONCURRENCY_QUEUE_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMIT_EXCEEDED: 429,
  FEATURE_NOT_AVAILABLE: 501,
  SEARCH_PROVIDER_ERROR: 502,
  CRAWL_PROMPT_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  SCRAPE_DNS_RESOLUTION_ERROR: 200,
};

/** The HTTP status an error code answers with (500 for codes not listed). */
export function statusOfErrorCode(code: string): number {
  return STATUS_OF_CODE[code] ?? 500;
}

/** An error that leaves the API as Firecrawl's envelope `{success:false, code, error, details?}`. */
export class TrawlError extends Error {
  readonly status: number;

  constructor(
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Sent as `Retry-After` (rate limits). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'TrawlError';
    this.status = statusOfErrorCode(code);
  }

  toBody(): { success: false; code: string; error: string; details?: ErrorDetail[] } {
    return {
      success: false,
      code: this.code,
      error: this.message,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}
