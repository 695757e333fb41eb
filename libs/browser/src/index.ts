export type { ActionResults, PageAction, ScreenshotOptions } from './actions/page-actions.js';
export { runActions } from './actions/page-actions.js';
export type { BrandingProfile } from './branding/measure-branding.js';
export * from './fetch/fetch-error.js';
export * from './pool/browser-pool.js';
export * from './sessions/live-sessions.js';
export { assertPublicUrl, isForbiddenAddress, isPrivateAddress, resolveHost } from './ssrf/address-guard.js';
