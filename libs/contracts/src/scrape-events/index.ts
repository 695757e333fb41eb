export * from './scrape-events.js';
