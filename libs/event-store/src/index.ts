export * from './duplicate-event-id.error.js';
export * from './event-store.port.js';
export * from './eventstoredb/eventstoredb-event-store.js';
export * from './open-event-store.js';
export * from './relay/checkpoint-store.js';
export * from './relay/event-relay.js';
export * from './sqlite/sqlite-event-store.js';
