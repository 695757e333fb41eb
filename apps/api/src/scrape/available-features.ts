/**
 * Scrape features this build of Trawl implements; anything else a client asks for is refused
 * with FEATURE_NOT_AVAILABLE naming it. Each capability's issue adds its names here.
 */
export const AVAILABLE_FEATURES: ReadonlySet<string> = new Set([
  'formats.markdown',
  'formats.html',
  'formats.rawHtml',
  'formats.links',
  'formats.images',
  'formats.changeTracking',
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
]);
