export * from './crawl-events.js';
export * from './crawl-view.js';
export * from './validate-crawl-request.js';
export * from './validate-search-request.js';
