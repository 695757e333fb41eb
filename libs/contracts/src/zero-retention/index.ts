export * from './zero-retention-fetch.js';
