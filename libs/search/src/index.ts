export * from './local-index.js';
export * from './search-provider.js';
export * from './searxng.provider.js';
