import { completedScrapeBasis, operationCost } from './pricing.js';

describe('what a scrape costs', () => {
  it('charges 1 per page, 1 per parsed PDF page, 1 flat for a PDF returned as Base64', () => {
    expect(operationCost(completedScrapeBasis({ page: { proxyUsed: 'basic' } }))).toBe(1);
    expect(operationCost(completedScrapeBasis({ page: { proxyUsed: 'basic' }, numPages: 7 }))).toBe(7);
    expect(operationCost(completedScrapeBasis({ page: {} }))).toBe(1);
  });

  it('adds 4 for the enhanced proxy, and prices lockdown on its own', () => {
    expect(operationCost(completedScrapeBasis({ page: { proxyUsed: 'enhanced' }, numPages: 2 }))).toBe(6);
    expect(operationCost({ operation: 'scrape', lockdown: 'hit' })).toBe(5);
    expect(operationCost({ operation: 'scrape', lockdown: 'miss' })).toBe(1);
  });
});
