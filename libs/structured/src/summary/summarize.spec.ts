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

  it("keeps a short article's lead, though two later sentences share a word and it shares none", () => {
    const article = [
      '# Harbour lights return',
      "The harbour's lighthouse was relit on Sunday after three years of repairs costing 2.4 million euros.",
      'Built in 1884, the 34 metres tall tower guided fishing boats into the bay for over a century.',
      'The mayor said the light would now run on solar power, with a battery lasting four nights.',
      '- The light flashes every 5 seconds.',
      '- Its range is 18 nautical miles.',
    ].join('\n\n');
    expect(summarize(article)).toMatch(/^The harbour's lighthouse was relit on Sunday/);
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

  it('is empty for a page without prose or description', () =>
    expect(summarize('# Title\n\n- a\n- b')).toBe(''));

  it("leads with the page's description when the page has little prose that says nothing of its heading, never on an article", () => {
    const menu =
      '# Our Menu\n\n- **Bruschetta** £6.50\n- **Tiramisu** £6.00\n\nOpen Tuesday to Sunday, from noon to ten.';
    const description = 'Family Italian restaurant in Leeds since 1987';
    expect(summarize(menu, { description })).toBe(
      'Family Italian restaurant in Leeds since 1987. Open Tuesday to Sunday, from noon to ten.',
    );
    expect(summarize('# Our Menu\n\n- Tiramisu £6.00', { description })).toBe(`${description}.`);
    expect(summarize('# Menu\n\n- Tiramisu', { description: 'Menu' })).toBe('');
    // A shop page whose sentences speak of what its heading names needs no shop-wide description.
    const kettle = '# Copper Kettle\n\n£44.99\n\nA hand-finished copper kettle for any hob, induction too.';
    expect(
      summarize(kettle, { description: 'Hearth and Home: kitchenware since 1990, delivered free.' }),
    ).toBe('A hand-finished copper kettle for any hob, induction too.');
    const article = fixtureMarkdown('lighthouse');
    expect(summarize(article, { description })).toBe(summarize(article));
  });
});
