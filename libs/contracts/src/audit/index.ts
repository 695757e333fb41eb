export * from './stream-history.js';
