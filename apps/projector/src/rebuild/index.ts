export * from './kv-projections.js';
export * from './rebuild-read-model.js';
