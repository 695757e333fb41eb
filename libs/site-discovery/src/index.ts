export * from './discover-crawl-site.js';
export * from './discover-site.js';
export * from './guarded-fetch.js';
