export * from './scrape-request.dto.js';
export * from './scrape-request.js';
export * from './unavailable-features.js';
export * from './validate-scrape-request.js';
