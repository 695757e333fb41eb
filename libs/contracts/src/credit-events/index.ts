export * from './credit-events.js';
