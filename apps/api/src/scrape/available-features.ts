import type { TrawlConfig } from '#config';
import { TrawlError } from '#contracts';

/**
 * Scrape features this build of Trawl implements; anything else a client asks for is refused
 * with FEATURE_NOT_AVAILABLE naming it. Each capability's issue adds its names here.
 */
const BUILT_FEATURES: readonly string[] = [
  'formats.markdown',
  'formats.html',
  'formats.rawHtml',
  'formats.links',
  'formats.images',
  'formats.attributes',
  'formats.changeTracking',
  'formats.changeTracking.json',
  'formats.screenshot',
  'formats.json',
  'formats.summary',
  'formats.question',
  'formats.highlights',
  'formats.query',
  'formats.product',
  'formats.menu',
  'formats.branding',
  'actions',
  'minAge',
  'lockdown',
  'zeroDataRetention',
  'profile',
  'redactPII',
  'onlyCleanContent',
  'formats.audio',
  'formats.video',
];

/** The built features plus those this server's configuration enables (`proxy: "enhanced"` needs an enhanced pool). */
export function availableFeatures(config: Pick<TrawlConfig, 'proxies'>): ReadonlySet<string> {
  return new Set([
    ...BUILT_FEATURES,
    ...(config.proxies.enhanced.length > 0 ? ['proxy.enhanced', 'proxy.stealth'] : []),
  ]);
}

/** Options that are valid but not built (or not set up) here are refused by name, never silently ignored. */
export function refuseUnavailable(missing: readonly string[]): void {
  if (missing.length > 0) throw unavailable(missing);
}

/** The 501 FEATURE_NOT_AVAILABLE naming what is not built. */
export function unavailable(missing: readonly string[]): TrawlError {
  return new TrawlError(
    'FEATURE_NOT_AVAILABLE',
    `Not available in this Trawl version yet: ${missing.join(', ')}`,
    missing.map((feature) => ({ path: [feature], message: 'not available yet' })),
  );
}
