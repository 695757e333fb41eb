import type { ScrapeRequest } from './scrape-request.js';

/** Options that depend on the operator's setup rather than on the build: the refusal says what they need. */
const NEEDS_SETUP: Readonly<Record<string, string>> = {
  'proxy.enhanced': 'needs an enhanced proxy pool: the operator sets PROXY_ENHANCED',
  'proxy.stealth': 'needs an enhanced proxy pool: the operator sets PROXY_ENHANCED',
};

/**
 * The options of a valid request that this deployment cannot honour yet, named as the client
 * wrote them; the api refuses such a request instead of silently ignoring the option.
 * `available` holds the feature names that are built (format names, `actions`, …).
 */
export function unavailableFeatures(request: ScrapeRequest, available: ReadonlySet<string>): string[] {
  const wanted = [
    ...request.formats.map((format) => `formats.${format.type}`),
    ...request.formats
      .filter((format) => format.type === 'changeTracking' && format.modes?.includes('json'))
      .map(() => 'formats.changeTracking.json'),
    ...(request.actions.length > 0 ? ['actions'] : []),
    ...(request.onlyCleanContent ? ['onlyCleanContent'] : []),
    ...(request.useMock !== undefined ? ['useMock'] : []),
    ...(request.proxy === 'enhanced' || request.proxy === 'stealth' ? [`proxy.${request.proxy}`] : []),
    ...(request.minAge !== undefined ? ['minAge'] : []),
    ...(request.lockdown ? ['lockdown'] : []),
    // Lockdown counts as zero data retention by itself: it only reads the cache.
    ...(request.zeroDataRetention && !request.lockdown ? ['zeroDataRetention'] : []),
    ...(request.redactPII !== undefined && request.redactPII !== false ? ['redactPII'] : []),
    ...(request.profile ? ['profile'] : []),
    ...request.parsers.filter((parser) => parser.type !== 'pdf').map((parser) => `parsers.${parser.type}`),
  ];
  return wanted
    .filter((feature) => !available.has(feature))
    .map((feature) => (NEEDS_SETUP[feature] ? `${feature} (${NEEDS_SETUP[feature]})` : feature));
}
