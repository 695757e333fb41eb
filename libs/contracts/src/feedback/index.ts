export * from './feedback.js';
