export * from './accounts.client.js';
