export * from './document-formats.js';
