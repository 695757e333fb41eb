import { changedLines, goalTerms, judgeChangeLocally, numericConditions } from './local-judge.js';

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
    expect(
      numericConditions('price below $50 or more than 3 seats, a discount over 20%, under 1.299,50 €'),
    ).toEqual([
      { op: '<', value: 50, text: 'below $50', unit: { kind: 'money', currency: 'USD' } },
      { op: '>', value: 3, text: 'more than 3', unit: { kind: 'count' } },
      { op: '>', value: 20, text: 'over 20%', unit: { kind: 'percent' } },
      { op: '<', value: 1299.5, text: 'under 1.299,50 €', unit: { kind: 'money', currency: 'EUR' } },
    ]);
    expect(numericConditions('below 40 dollars')[0].unit).toEqual({ kind: 'money', currency: 'USD' });
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
      reason:
        'Local relevance judge (no model configured): changed text mentions "price", but no changed line meets "below $40"',
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

  const change = (before: string, after: string) =>
    `--- previous.md\n+++ current.md\n@@ -1,1 +1,1 @@\n-${before}\n+${after}\n`;

  it('reads no amount in dates, times or link addresses', () => {
    for (const [before, after] of [
      ['By Ingrid Solberg · October 3, 2026', 'By Ingrid Solberg · October 2, 2026'],
      ['Updated 2026-10-03 at 10:15', 'Updated 2026-10-02 at 9:05'],
      [
        '- [second post](http://127.0.0.1:4810/blog/second-post)',
        '- [third post](http://127.0.0.1:4810/blog/post-2)',
      ],
    ]) {
      expect(judgeChangeLocally('price drops below $50', change(before, after)).meaningful).toBe(false);
      expect(judgeChangeLocally('fewer than 5 seats left', change(before, after)).meaningful).toBe(false);
    }
    // A term in a link's address is not the line naming it.
    expect(
      judgeChangeLocally(
        'new products',
        change('- [Lamp](https://shop.test/products/1)', '- [Chair](https://shop.test/products/2)'),
      ).meaningful,
    ).toBe(false);
  });

  it('meets a money condition only with a price in its currency, a percentage only with a percentage', () => {
    expect(judgeChangeLocally('price below $50', change('Price: $1,499', 'Price: $1,299')).meaningful).toBe(
      false,
    );
    expect(judgeChangeLocally('price below $50', change('Price: 59 USD', 'Price: 39 USD')).meaningful).toBe(
      true,
    );
    expect(judgeChangeLocally('price below $50', change('Price: 59 €', 'Price: 39 €')).meaningful).toBe(
      false,
    );
    expect(
      judgeChangeLocally('price below 50 €', change('Preis: 59,00 €', 'Preis: 39,90 €')).meaningful,
    ).toBe(true);
    expect(judgeChangeLocally('price below $50', change('Only 9 left', 'Only 3 left')).meaningful).toBe(
      false,
    );
    // A json-mode diff writes a price field's number bare.
    expect(judgeChangeLocally('price below $50', change('price: 59', 'price: 45')).meaningful).toBe(true);
    expect(
      judgeChangeLocally('ticket price below $50', change('Tickets left: 12', 'Tickets left: 4')).meaningful,
    ).toBe(false);
    expect(judgeChangeLocally('a discount over 20%', change('Save $30', 'Save $45')).meaningful).toBe(false);
    expect(judgeChangeLocally('a discount over 20%', change('10% off', '25% off')).meaningful).toBe(true);
    expect(
      judgeChangeLocally(
        'fewer than 5 seats left',
        change('Seats left: 12 ($40 each)', 'Seats left: 4 ($40 each)'),
      ),
    ).toMatchObject({
      meaningful: true,
      meaningfulChanges: [expect.objectContaining({ after: 'Seats left: 4 ($40 each)' })],
    });
  });
});
