export * from './monitor.js';
export * from './monitor-events.js';
export * from './monitor-request.dto.js';
export * from './monitor-targets.js';
export * from './monitor-upkeep-events.js';
export * from './validate-monitor-request.js';
