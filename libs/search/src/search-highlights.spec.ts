import { withHighlights } from './search-highlights.js';

const page = [
  '# Tide Pools of the North Coast',
  '',
  'Tide pools form where the sea retreats and leaves **rocky basins** full of life.',
  '',
  'Visit at low tide, and wear shoes that grip wet stone.',
].join('\n');

describe('withHighlights', () => {
  it("replaces a web result's description and a news result's snippet with the page's passages on the query", () => {
    const web = { url: 'https://tides.example/', description: 'A field guide', position: 1 };
    expect(withHighlights(web, 'web', page, 'rocky basins')).toEqual({
      ...web,
      description: 'Tide pools form where the sea retreats and leaves rocky basins full of life.',
    });
    const news = { url: 'https://tides.example/', snippet: 'Engine text', position: 1 };
    expect(withHighlights(news, 'news', page, 'low tide shoes')).toEqual({
      ...news,
      snippet: 'Visit at low tide, and wear shoes that grip wet stone.',
    });
  });

  it("keeps the engine's text without the page, or when no passage matches", () => {
    const web = { url: 'https://tides.example/', description: 'A field guide', position: 1 };
    expect(withHighlights(web, 'web', undefined, 'rocky basins')).toBe(web);
    expect(withHighlights(web, 'web', page, 'volcano')).toBe(web);
  });
});
