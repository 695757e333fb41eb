export * from './trawl-error.js';
