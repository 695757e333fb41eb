export * from './bubblewrap.js';
export * from './page-relay.js';
export * from './run-user-code.js';
