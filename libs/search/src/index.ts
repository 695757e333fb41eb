export * from './local-index.js';
export * from './local-search.provider.js';
export * from './location-country.js';
export * from './search-highlights.js';
export * from './search-provider.js';
export * from './searxng.provider.js';
