export * from './agent-runs.js';
export * from './validate-agent-request.js';
