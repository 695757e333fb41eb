export * from './blob-store.js';
export * from './nats-blob-store.js';
export * from './open-blob-store.js';
