export type { ActionResults, PageAction, ScreenshotOptions } from './actions/page-actions.js';
export * from './fetch/fetch-error.js';
export * from './pool/browser-pool.js';
export { assertPublicUrl, isPrivateAddress } from './ssrf/address-guard.js';
