export * from './errors/index.js';
export * from './event-envelope.js';
export * from './monitor/index.js';
export * from './nats-names.js';
export * from './read-models.js';
export * from './scrape-events/index.js';
export * from './scrape-request/index.js';
export * from './team-events/index.js';
