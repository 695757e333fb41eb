export * from './browser-session-events.js';
export * from './browser-session-request.js';
