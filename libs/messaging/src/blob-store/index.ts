export * from './blob-store.js';
export * from './nats-blob-store.js';
export * from './open-blob-store.js';
export * from './s3/s3-blob-store.js';
