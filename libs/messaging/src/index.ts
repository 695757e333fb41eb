export * from './blob-store.js';
export * from './command-bus.js';
export * from './correlation.js';
export * from './event-consumer.js';
export * from './events-stream.js';
export * from './lazy-kv.js';
export * from './messaging.module.js';
export * from './nats-connection.js';
