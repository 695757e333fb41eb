export * from './upload-kinds.js';
export * from './validate-parse-request.js';
