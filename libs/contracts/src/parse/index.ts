export * from './validate-parse-request.js';
