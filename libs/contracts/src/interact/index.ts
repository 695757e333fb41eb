export * from './interact-events.js';
export * from './interact-request.js';
