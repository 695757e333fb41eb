import { becomesBaseline, classifyPage } from './check-page.js';

describe('classifyPage', () => {
  it('classifies every outcome', () => {
    expect(classifyPage({ outcome: 'failed', error: 'timeout' })).toEqual({
      status: 'error',
      error: 'timeout',
    });
    expect(classifyPage({ outcome: 'scraped', statusCode: 200, hasBaseline: false })).toEqual({
      status: 'new',
      error: null,
    });
    expect(
      classifyPage({ outcome: 'scraped', statusCode: 200, hasBaseline: true, comparison: 'same' }).status,
    ).toBe('same');
    expect(
      classifyPage({ outcome: 'scraped', statusCode: 200, hasBaseline: true, comparison: 'changed' }).status,
    ).toBe('changed');
    expect(classifyPage({ outcome: 'scraped', statusCode: 410, hasBaseline: true }).status).toBe('removed');
    expect(classifyPage({ outcome: 'scraped', statusCode: 404, hasBaseline: false })).toEqual({
      status: 'error',
      error: 'The page answered HTTP 404',
    });
    expect(classifyPage({ outcome: 'scraped', statusCode: 500, hasBaseline: true }).status).toBe('error');
  });

  it('reports a removed page once: still gone is same, back again is new', () => {
    const reported = { outcome: 'scraped' as const, hasBaseline: false, reportedRemoved: true };
    expect(classifyPage({ ...reported, statusCode: 404 })).toEqual({ status: 'same', error: null });
    expect(classifyPage({ ...reported, statusCode: 200 })).toEqual({ status: 'new', error: null });
    expect(classifyPage({ ...reported, statusCode: 500 }).status).toBe('error');
  });

  it('keeps the last good content as baseline', () => {
    const statuses = ['new', 'same', 'changed', 'removed', 'error'] as const;
    expect(statuses.filter((status) => becomesBaseline(status, 200))).toEqual(['new', 'same', 'changed']);
    // A page still gone is `same`, but its 404 is no content.
    expect(becomesBaseline('same', 404)).toBe(false);
  });
});
