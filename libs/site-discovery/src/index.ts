export * from './discover-site.js';
export * from './guarded-fetch.js';
