export * from './dto-schema.js';
export * from './openapi-document.js';
export * from './openapi-operation.decorator.js';
