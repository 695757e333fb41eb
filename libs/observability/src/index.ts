export * from './logger.js';
export * from './metrics.js';
export * from './metrics-server.js';
export * from './observability.module.js';
