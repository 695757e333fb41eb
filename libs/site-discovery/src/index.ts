export * from './discover-site.js';
export * from './guarded-fetch.js';
export * from './page-links.js';
