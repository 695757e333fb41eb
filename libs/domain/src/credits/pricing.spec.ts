import type { ScrapeRequest } from '#contracts';
import {
  browserSessionBasis,
  completedScrapeBasis,
  operationCost,
  premiumsOf,
  scrapePremiums,
} from './pricing.js';

/** A request's priced parts: formats (by type, change tracking with its modes) and options. */
const asking = (
  formats: (string | { type: string; modes?: ('git-diff' | 'json')[] })[],
  options: Partial<Pick<ScrapeRequest, 'redactPII' | 'zeroDataRetention' | 'lockdown'>> = {},
) => ({
  formats: formats.map((format) =>
    typeof format === 'string' ? { type: format } : format,
  ) as ScrapeRequest['formats'],
  zeroDataRetention: false,
  lockdown: false,
  ...options,
});

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

describe('what a scrape pays extra for, by the reference rules', () => {
  const cost = (request: ReturnType<typeof asking>, numPages?: number) =>
    operationCost(
      completedScrapeBasis({ page: { proxyUsed: 'basic' }, numPages, premiums: scrapePremiums(request) }),
    );

  it("prices json at 5 in all, also as change tracking's json mode, and the model formats at 4 more each", () => {
    expect(cost(asking(['markdown', 'links', 'screenshot', 'summary', 'branding']))).toBe(1);
    expect(cost(asking(['json']))).toBe(5);
    expect(cost(asking(['markdown', { type: 'changeTracking', modes: ['git-diff'] }]))).toBe(1);
    expect(cost(asking(['markdown', { type: 'changeTracking', modes: ['json'] }]))).toBe(5);
    expect(cost(asking(['question']))).toBe(5);
    expect(cost(asking(['query']))).toBe(5);
    expect(cost(asking(['json', 'question', 'highlights']))).toBe(13);
    expect(cost(asking(['audio', 'video']))).toBe(9);
  });

  it('adds 4 for redactPII (4 more per PDF page after the first) and 1 for zero data retention, never for lockdown', () => {
    expect(cost(asking(['markdown'], { redactPII: true }))).toBe(5);
    expect(cost(asking(['markdown'], { redactPII: { mode: 'fast' } }))).toBe(5);
    expect(cost(asking(['markdown'], { redactPII: false }))).toBe(1);
    expect(cost(asking(['markdown'], { redactPII: true }), 3)).toBe(3 + 4 * 3);
    expect(cost(asking(['markdown'], { zeroDataRetention: true }))).toBe(2);
    expect(scrapePremiums(asking(['markdown'], { zeroDataRetention: true, lockdown: true }))).toEqual([]);
    // json replaces lockdown's surcharge: 5 in all, from the cache under lockdown too.
    expect(operationCost({ operation: 'scrape', lockdown: 'hit', ...premiumsOf(asking(['json'])) })).toBe(5);
    expect(operationCost({ operation: 'scrape', lockdown: 'hit', ...premiumsOf(asking(['question'])) })).toBe(
      9,
    );
    expect(premiumsOf(asking(['markdown']))).toEqual({});
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
