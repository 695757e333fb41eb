/**
 * Read models (JetStream KV buckets `<prefix>_<name>`) that more than one app opens.
 * The cache index maps a cache key (see the domain's cache policy) to the newest cached page.
 */
export const CACHE_INDEX_READ_MODEL = 'cache_index';

/** Cache entries outlive the largest useful `maxAge`: lockdown's default of two years. */
export const CACHE_INDEX_TTL_MS = 2 * 365 * 24 * 3600 * 1000;

/** The change-tracking history maps a change-tracking key to the newest scrape that produced markdown. */
export const CHANGE_TRACKING_READ_MODEL = 'change_tracking';
