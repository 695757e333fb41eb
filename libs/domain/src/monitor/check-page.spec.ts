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

  it('keeps the last good content as baseline', () => {
    expect(['new', 'same', 'changed', 'removed', 'error'].filter((s) => becomesBaseline(s as never))).toEqual(
      ['new', 'same', 'changed'],
    );
  });
});
