import { scopeVerdict } from './crawl-scope.js';
import { canonicalCrawlUrl, similarUrlKey } from './crawl-url.js';
import { selectMapLinks } from './map-links.js';
import { isAllowedByRobots, parseRobotsTxt } from './robots-txt.js';
import { parseSitemap } from './sitemap.js';

describe('crawl URLs', () => {
  it('resolves, drops the fragment and default port, and keeps or drops the query', () => {
    expect(canonicalCrawlUrl('../b?x=1#top', { base: 'http://A.test:80/docs/a' })).toBe(
      'http://a.test/b?x=1',
    );
    expect(canonicalCrawlUrl('/b?x=1', { base: 'http://a.test/', ignoreQueryParameters: true })).toBe(
      'http://a.test/b',
    );
    expect(canonicalCrawlUrl('mailto:x@a.test')).toBeUndefined();
    expect(canonicalCrawlUrl('not a url')).toBeUndefined();
  });

  it('treats scheme, www, trailing slash, index files and query order as the same page', () => {
    const key = similarUrlKey('http://www.a.test/x/?b=2&a=1');
    expect(similarUrlKey('https://a.test/x/index.html?a=1&b=2')).toBe(key);
    expect(similarUrlKey('https://a.test/x?a=1&b=2')).toBe(key);
    expect(similarUrlKey('https://a.test/y')).not.toBe(key);
  });
});

describe('crawl scope', () => {
  const scope = {
    startUrl: 'http://a.test/docs/',
    includePaths: [],
    excludePaths: [],
    regexOnFullURL: false,
    crawlEntireDomain: false,
    allowSubdomains: false,
    allowExternalLinks: false,
  };

  it('stays below the start path unless the entire domain is crawled', () => {
    expect(scopeVerdict('http://a.test/docs/intro', scope)).toEqual({ admit: true });
    expect(scopeVerdict('http://a.test/blog/', scope)).toEqual({
      admit: false,
      reason: 'outside-start-path',
    });
    expect(scopeVerdict('http://a.test/blog/', { ...scope, crawlEntireDomain: true })).toEqual({
      admit: true,
    });
    // A start path without a slash holds its children, not its siblings, parents or look-alikes.
    const blog = { ...scope, startUrl: 'http://a.test/blog' };
    expect(scopeVerdict('http://a.test/blog/first-post', blog)).toEqual({ admit: true });
    for (const outside of ['http://a.test/', 'http://a.test/products', 'http://a.test/blog-archive']) {
      expect(scopeVerdict(outside, blog)).toMatchObject({ reason: 'outside-start-path' });
    }
    expect(
      scopeVerdict('http://a.test/docs/b', { ...scope, startUrl: 'http://a.test/docs/a' }),
    ).toMatchObject({
      reason: 'outside-start-path',
    });
  });

  it('keeps to the host, or its subdomains, or goes anywhere', () => {
    expect(scopeVerdict('http://blog.a.test/docs/x', scope)).toMatchObject({ reason: 'external' });
    expect(scopeVerdict('http://blog.a.test/docs/x', { ...scope, allowSubdomains: true })).toEqual({
      admit: true,
    });
    expect(scopeVerdict('http://b.test/x', { ...scope, allowSubdomains: true })).toMatchObject({
      reason: 'external',
    });
    expect(scopeVerdict('http://b.test/x', { ...scope, allowExternalLinks: true })).toEqual({ admit: true });
  });

  it('matches include and exclude patterns on the path, or on the full URL when asked', () => {
    const filtered = { ...scope, includePaths: ['^/docs/guide'], excludePaths: ['/private'] };
    expect(scopeVerdict('http://a.test/docs/guide/1', filtered)).toEqual({ admit: true });
    expect(scopeVerdict('http://a.test/docs/api', filtered)).toMatchObject({ reason: 'not-included' });
    expect(scopeVerdict('http://a.test/docs/guide/private', filtered)).toMatchObject({ reason: 'excluded' });
    expect(
      scopeVerdict('http://a.test/docs/x?session=1', {
        ...scope,
        excludePaths: ['session='],
        regexOnFullURL: true,
      }),
    ).toMatchObject({ reason: 'excluded' });
  });
});

describe('robots.txt', () => {
  const robots = parseRobotsTxt(
    [
      'User-agent: *',
      'Disallow: /private',
      'Allow: /private/open$',
      'Disallow: /*.pdf$',
      '',
      'User-agent: TrawlBot',
      'User-agent: OtherBot',
      'Disallow: /no-trawl/',
      'Disallow:',
      '# comment',
      'Sitemap: http://a.test/sitemap.xml',
    ].join('\n'),
  );

  it('applies the longest matching rule of the most specific group', () => {
    const star = (path: string) => isAllowedByRobots(robots, `http://a.test${path}`, 'SomeCrawler/1.0');
    expect(star('/private/x')).toBe(false);
    expect(star('/private/open')).toBe(true);
    expect(star('/private/open/more')).toBe(false);
    expect(star('/files/a.pdf')).toBe(false);
    expect(star('/files/a.pdf?x')).toBe(true);
    expect(star('/public')).toBe(true);
    const trawl = (path: string) =>
      isAllowedByRobots(robots, `http://a.test${path}`, 'Mozilla/5.0 TrawlBot/1.0');
    expect(trawl('/private/x')).toBe(true);
    expect(trawl('/no-trawl/x')).toBe(false);
  });

  it('collects Sitemap lines and allows everything when there are no rules', () => {
    expect(robots.sitemaps).toEqual(['http://a.test/sitemap.xml']);
    expect(isAllowedByRobots(parseRobotsTxt(''), 'http://a.test/x', 'TrawlBot')).toBe(true);
  });
});

describe('sitemaps', () => {
  it('reads the pages of a urlset and the sitemaps of an index', () => {
    expect(
      parseSitemap(
        '<?xml version="1.0"?><urlset><url><loc> http://a.test/a?x=1&amp;y=2 </loc></url><url><loc><![CDATA[http://a.test/b]]></loc></url></urlset>',
      ),
    ).toEqual({ pages: ['http://a.test/a?x=1&y=2', 'http://a.test/b'], sitemaps: [] });
    expect(
      parseSitemap('<sitemapindex><sitemap><loc>http://a.test/s1.xml</loc></sitemap></sitemapindex>'),
    ).toEqual({
      pages: [],
      sitemaps: ['http://a.test/s1.xml'],
    });
  });
});

describe('map links', () => {
  const found = [
    'http://a.test/docs/intro#x',
    'http://www.a.test/docs/intro/',
    'http://blog.a.test/post',
    'http://b.test/elsewhere',
    'http://a.test/pricing?ref=nav',
    'http://a.test/docs/api-intro',
  ];
  it('keeps the site’s own URLs once each, with or without subdomains and queries', () => {
    const selection = {
      startUrl: 'http://a.test/',
      includeSubdomains: false,
      ignoreQueryParameters: true,
      filterByPath: true,
      limit: 10,
    };
    expect(selectMapLinks(found, selection)).toEqual([
      'http://a.test/',
      'http://a.test/docs/intro',
      'http://a.test/pricing',
      'http://a.test/docs/api-intro',
    ]);
    expect(selectMapLinks(found, { ...selection, includeSubdomains: true, limit: 3 })).toEqual([
      'http://a.test/',
      'http://a.test/docs/intro',
      'http://blog.a.test/post',
    ]);
    // From a path, the URLs below it, as Firecrawl's map keeps them unless filterByPath is off.
    const fromDocs = { ...selection, startUrl: 'http://a.test/docs/' };
    expect(selectMapLinks(found, fromDocs)).toEqual([
      'http://a.test/docs/',
      'http://a.test/docs/intro',
      'http://a.test/docs/api-intro',
    ]);
    expect(selectMapLinks(found, { ...fromDocs, filterByPath: false })).toEqual([
      'http://a.test/docs/',
      'http://a.test/docs/intro',
      'http://a.test/pricing',
      'http://a.test/docs/api-intro',
    ]);
  });
  it('filters and ranks by the search words', () => {
    const selection = {
      startUrl: 'http://a.test/',
      includeSubdomains: false,
      ignoreQueryParameters: false,
      filterByPath: true,
      limit: 10,
    };
    expect(selectMapLinks(found, { ...selection, search: 'intro api' })).toEqual([
      'http://a.test/docs/api-intro',
      'http://a.test/docs/intro',
    ]);
    // Words are looked for past the host every link shares (127.0.0.1 holds a 2), and decoded.
    const local = ['/blog/post-1', '/blog/post-2', '/about', '/blog/tide%20tables'].map(
      (path) => `http://127.0.0.1:8765${path}`,
    );
    const onLocal = { ...selection, startUrl: 'http://127.0.0.1:8765/blog/' };
    expect(selectMapLinks(local, { ...onLocal, search: 'post 2' })).toEqual([
      'http://127.0.0.1:8765/blog/post-2',
      'http://127.0.0.1:8765/blog/post-1',
    ]);
    expect(selectMapLinks(local, { ...onLocal, search: 'tide tables' })).toEqual([
      'http://127.0.0.1:8765/blog/tide%20tables',
    ]);
    expect(
      selectMapLinks(['http://blog.a.test/post', 'http://a.test/blog'], {
        ...selection,
        includeSubdomains: true,
        search: 'blog',
      }),
    ).toEqual(['http://blog.a.test/post', 'http://a.test/blog']);
    // A search word finds the words it begins, not any text it is part of.
    expect(selectMapLinks(local, { ...onLocal, search: 'tab' })).toEqual([
      'http://127.0.0.1:8765/blog/tide%20tables',
    ]);
    expect(selectMapLinks(local, { ...onLocal, search: 'b' })).toEqual([
      'http://127.0.0.1:8765/blog/',
      'http://127.0.0.1:8765/blog/post-1',
      'http://127.0.0.1:8765/blog/post-2',
      'http://127.0.0.1:8765/blog/tide%20tables',
    ]);
    // A page known by its title (scraped before) is found by the title's words too.
    const titles = new Map([[similarUrlKey('http://a.test/pricing?ref=nav'), 'Plans and prices']]);
    expect(selectMapLinks(found, { ...selection, search: 'plans', titles })).toEqual([
      'http://a.test/pricing?ref=nav',
    ]);
  });
});
