import { browserSessionBasis, completedScrapeBasis, operationCost } from './pricing.js';

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

describe('what a browser session costs', () => {
  it('charges 2 credits per started minute it was open, nothing for a session that never opened', () => {
    expect(operationCost(browserSessionBasis(0))).toBe(0);
    expect(operationCost(browserSessionBasis(1))).toBe(2);
    expect(operationCost(browserSessionBasis(60_000))).toBe(2);
    expect(operationCost(browserSessionBasis(60_001))).toBe(4);
    expect(operationCost(browserSessionBasis(3_600_000))).toBe(120);
  });
});
