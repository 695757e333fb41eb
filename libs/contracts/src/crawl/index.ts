export * from './crawl-events.js';
export * from './crawl-view.js';
export * from './crawl-webhook.js';
export * from './validate-crawl-request.js';
export * from './validate-extract-request.js';
export * from './validate-search-request.js';
