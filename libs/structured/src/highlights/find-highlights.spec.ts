import { fixtureMarkdown } from '../fixture-pages.spec-helper.js';
import { findHighlights } from './find-highlights.js';

const markdown = fixtureMarkdown('lighthouse');

describe('findHighlights', () => {
  it('returns the most relevant passages verbatim, best first', () => {
    const passages = findHighlights(markdown, 'fog signal switched off');
    expect(passages[0]).toBe('The fog signal was switched off in 2011 after complaints from residents.');
    for (const passage of passages) expect(markdown).toContain(passage);
  });

  it('returns nothing for a query the page does not touch', () => {
    expect(findHighlights(markdown, 'quantum chromodynamics')).toEqual([]);
  });
});
