import { becomesBaseline, classifyPage } from './check-page.js';
import { changedLines, goalTerms, judgeChangeLocally, numericConditions } from './local-judge.js';

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

const diff = [
  '--- previous.md',
  '+++ current.md',
  '@@ -1,3 +1,3 @@',
  ' # Tickets',
  '-Price: $65',
  '+Price: $45',
  ' Footer',
].join('\n');

describe('local judge', () => {
  it('extracts goal terms and numeric conditions', () => {
    expect(goalTerms('Tell me when the ticket price drops below $50')).toEqual(['ticket', 'price', 'drops']);
    expect(numericConditions('price below $50 or more than 3 seats')).toEqual([
      { op: '<', value: 50, text: 'below $50' },
      { op: '>', value: 3, text: 'more than 3' },
    ]);
    expect(changedLines(diff)).toEqual({ removed: ['Price: $65'], added: ['Price: $45'] });
  });

  it('finds a numeric condition met by a changed line', () => {
    const judgment = judgeChangeLocally('price drops below $50', diff);
    expect(judgment).toMatchObject({ meaningful: true, confidence: 'high', judge: 'local' });
    expect(judgment.reason).toMatch(/^Local relevance judge \(no model configured\): .*meets "below \$50"/);
    expect(judgment.meaningfulChanges).toEqual([
      {
        type: 'changed',
        before: 'Price: $65',
        after: 'Price: $45',
        reason: expect.stringContaining('price'),
      },
    ]);
  });

  it('says not meaningful when the condition is not met or nothing relevant changed', () => {
    expect(judgeChangeLocally('price drops below $40', diff)).toMatchObject({
      meaningful: false,
      confidence: 'low',
      meaningfulChanges: [],
    });
    expect(judgeChangeLocally('new job openings', diff).meaningful).toBe(false);
    expect(judgeChangeLocally('any price change', diff)).toMatchObject({
      meaningful: true,
      confidence: 'medium',
    });
  });

  it('meets a condition only on the lines that name what the goal is about, once some line does', () => {
    const table =
      '--- previous.md\n+++ current.md\n@@ -1,2 +1,2 @@\n-| Cod | $8 |\n-| Hake | $9 |\n+| Cod | $12 |\n+| Hake | $7 |\n';
    expect(judgeChangeLocally('cod price drops below $10', table)).toMatchObject({
      meaningful: false,
      meaningfulChanges: [],
    });
    expect(judgeChangeLocally('hake below $10', table)).toMatchObject({
      meaningful: true,
      meaningfulChanges: [expect.objectContaining({ before: '| Hake | $9 |', after: '| Hake | $7 |' })],
    });
    // A price line that names nothing of the goal still meets it when no line does.
    expect(judgeChangeLocally('cheaper than $50', diff).meaningful).toBe(true);
  });
});
