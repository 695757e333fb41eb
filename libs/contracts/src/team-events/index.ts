export * from './team-events.js';
