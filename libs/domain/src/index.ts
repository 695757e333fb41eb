export * from './cache/cache-policy.js';
export * from './change-tracking/change-tracking-policy.js';
export * from './decider/decider.js';
export * from './limits/rate-window.js';
export * from './scrape/scrape.decider.js';
export * from './team/api-key.js';
export * from './team/team.decider.js';
