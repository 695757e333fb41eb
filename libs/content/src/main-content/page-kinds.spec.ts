import { parseHtml } from '#structured';
import { pageKinds } from './page-kinds.js';

const url = 'https://site.test/page';

describe('pageKinds', () => {
  it('reads the kinds a page declares in JSON-LD (inside @graph too), microdata and og:type', () => {
    const jsonLd = parseHtml(`<head><script type="application/ld+json">
      {"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, {"@type": ["QAPage"]}]}
      </script></head><body><p>A question</p></body>`);
    expect(pageKinds(jsonLd, url)).toEqual(['discussion']);
    const microdata = parseHtml(
      `<body><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lamp</h1></div></body>`,
    );
    expect(pageKinds(microdata, url)).toEqual(['product']);
    const openGraph = parseHtml(
      `<head><meta property="og:type" content="article"></head><body><p>Story</p></body>`,
    );
    expect(pageKinds(openGraph, url)).toEqual(['article']);
  });

  it('says nothing for a page without such data, or with broken JSON-LD', () => {
    const page = parseHtml(`<head><script type="application/ld+json">{"@type": "Article",</script>
      <meta property="og:type" content="website"></head><body><p>Hello</p></body>`);
    expect(pageKinds(page, url)).toEqual([]);
  });
});
