export { downloadMedia, type MediaKind } from './download-media.js';
export { type GuardedProxy, startGuardedProxy } from './guarded-proxy.js';
export { MediaError } from './media-error.js';
