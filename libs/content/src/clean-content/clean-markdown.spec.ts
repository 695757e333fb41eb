import { cleanMarkdown } from './clean-markdown.js';

const clean = (markdown: string) => cleanMarkdown(markdown).markdown;

describe('cleanMarkdown', () => {
  it('removes cookie banners, share widgets, breadcrumbs, ads and newsletter sign-ups', () => {
    const markdown = [
      'Home › Guides › Tide pools',
      'We use cookies to improve your experience. Accept all cookies',
      '# Tide pools',
      'Tide pools form where the sea retreats and leaves [rocky basins](https://example.org/basins) full of life.',
      'Advertisement',
      'Share this: Facebook Twitter Email',
      'Subscribe to our weekly newsletter for more guides.',
      '- Anemones\n- Sea stars',
      '© 2026 Coastal Guides. All rights reserved.',
    ].join('\n\n');
    expect(clean(markdown)).toBe(
      [
        '# Tide pools',
        'Tide pools form where the sea retreats and leaves [rocky basins](https://example.org/basins) full of life.',
        '- Anemones\n- Sea stars',
      ].join('\n\n'),
    );
  });

  it('drops related-article and comment sections up to the next heading of the same level', () => {
    const markdown = [
      '# Article',
      'Body text of the article.',
      '## Related articles',
      '- [Sand dunes](https://e.org/1)\n- [Salt marshes](https://e.org/2)',
      '## Comments',
      'Great read! — Sam',
      '# Appendix',
      'Kept.',
    ].join('\n\n');
    expect(clean(markdown)).toBe(
      ['# Article', 'Body text of the article.', '# Appendix', 'Kept.'].join('\n\n'),
    );
  });

  it('keeps headings, tables, code, images and link lists inside the content byte for byte', () => {
    const markdown = [
      '# Tools',
      'The survey used these sources:',
      '- [Tide tables](https://e.org/t)\n- [Charts](https://e.org/c)\n- [Logs](https://e.org/l)',
      '| Species | Zone |\n| - | - |\n| Ochre star | Middle |',
      '```python\ndef tide(hour):\n    return hour % 12\n```',
      '![A tide pool at dawn](https://e.org/pool.jpg)',
      'A long closing paragraph that explains what the sources are for and why each of them matters to anyone who wants to repeat the survey on another stretch of the coast next year.',
    ].join('\n\n');
    expect(clean(markdown)).toBe(markdown);
  });

  it('removes menus of bare links before the first heading', () => {
    const markdown = ['[Home](/) [About](/about) [Shop](/shop)', '# Page', 'Text.'].join('\n\n');
    expect(clean(markdown)).toBe('# Page\n\nText.');
  });
});
