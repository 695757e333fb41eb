import { fixtureMarkdown } from '../fixture-pages.spec-helper.js';
import { findHighlights } from './find-highlights.js';

const markdown = fixtureMarkdown('lighthouse');

describe('findHighlights', () => {
  it('returns the most relevant passages verbatim, best first', () => {
    const passages = findHighlights(markdown, 'fog signal switched off');
    expect(passages[0]).toBe('The fog signal was switched off in 2011 after complaints from residents.');
    for (const passage of passages) expect(markdown).toContain(passage);
  });

  it("quotes a table's rows, not the column names of its header", () => {
    const page = [
      'On our 2 TB cluster autovacuum fell behind, and table bloat grew to 40%.',
      '| Table name | Bloat before tuning | Bloat after tuning |\n| - | - | - |\n| orders (hot) | 41% | 6% |',
    ].join('\n\n');
    expect(findHighlights(page, 'bloat')).toEqual([
      'On our 2 TB cluster autovacuum fell behind, and table bloat grew to 40%.',
    ]);
  });

  it('returns nothing for a query the page does not touch', () => {
    expect(findHighlights(markdown, 'quantum chromodynamics')).toEqual([]);
  });
});
