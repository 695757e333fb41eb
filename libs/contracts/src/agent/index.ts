export * from './validate-agent-request.js';
