export * from './run-app.js';
