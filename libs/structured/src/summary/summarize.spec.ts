import { fixtureMarkdown } from '../fixture-pages.spec-helper.js';
import { summarize } from './summarize.js';

describe('summarize', () => {
  it('keeps the central sentences of the page, verbatim and in page order, within the bound', () => {
    const markdown = fixtureMarkdown('lighthouse');
    const summary = summarize(markdown);
    expect(summary).toMatch(/^The lighthouse at Cape Wren was built in 1871 by the engineer Thomas Albery\./);
    expect(summary.length).toBeLessThanOrEqual(1_200);
    const sentences = summary.split(/(?<=\.) /);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    const positions = sentences.map((sentence) => markdown.indexOf(sentence));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('drops near-duplicate sentences and headings', () => {
    const markdown = [
      '# Solar panels',
      'Solar panels convert sunlight into electricity for homes.',
      'Solar panels convert sunlight into electricity for houses.',
      'Installation usually takes two days and needs a roof survey first.',
      'Panels lose about half a percent of output every year.',
    ].join('\n\n');
    const summary = summarize(markdown, { maxSentences: 3 });
    expect(summary.match(/convert sunlight/g)).toHaveLength(1);
    expect(summary).not.toContain('# Solar');
  });

  it('is empty for a page without prose', () => expect(summarize('# Title\n\n- a\n- b')).toBe(''));
});
