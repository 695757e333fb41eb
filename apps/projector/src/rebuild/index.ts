export * from '../projections/all-projections.js';
export * from '../projections/projection.js';
export * from './rebuild-read-model.js';
