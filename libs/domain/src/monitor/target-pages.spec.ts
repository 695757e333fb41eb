import { pageKey } from '#contracts';
import { crawlTargetPages, searchTargetPages } from './target-pages.js';

const snapshot = { scrapeId: 's', documentBlob: 'b', checkedAt: 't' };

describe('pages of crawl and search targets', () => {
  it('lists the pages a crawl reached, then the known ones it missed as hidden', () => {
    const pages = crawlTargetPages(
      { id: 't1', scrapeOptions: { onlyMainContent: false } },
      {
        scraped: [
          { scrapeId: 's1', url: 'http://a.test/', documentBlob: 'd1' },
          { scrapeId: 's3', url: 'http://a.test/new', documentBlob: 'd3' },
        ],
        errors: [{ id: 's2', timestamp: 't', url: 'http://a.test/x', code: 'SCRAPE_TIMEOUT', error: 'slow' }],
      },
      {
        [pageKey('t1', 'http://a.test/')]: snapshot,
        [pageKey('t1', 'http://a.test/old')]: snapshot,
        [pageKey('t2', 'http://a.test/other-target')]: snapshot,
      },
    );
    expect(pages).toEqual([
      {
        targetId: 't1',
        url: 'http://a.test/',
        crawled: { scrapeId: 's1', documentBlob: 'd1' },
        visibility: 'visible',
      },
      {
        targetId: 't1',
        url: 'http://a.test/new',
        crawled: { scrapeId: 's3', documentBlob: 'd3' },
        visibility: 'visible',
        judgeWhenNew: true,
      },
      {
        targetId: 't1',
        url: 'http://a.test/x',
        crawled: { error: 'SCRAPE_TIMEOUT: slow' },
        visibility: 'visible',
      },
      {
        targetId: 't1',
        url: 'http://a.test/old',
        scrapeOptions: { onlyMainContent: false },
        visibility: 'hidden',
      },
    ]);
  });

  it("judges no page as new at a target's first check, when every page is new", () => {
    const pages = crawlTargetPages(
      { id: 't1' },
      { scraped: [{ scrapeId: 's1', url: 'http://a.test/', documentBlob: 'd1' }], errors: [] },
      { [pageKey('t2', 'http://a.test/other-target')]: snapshot },
    );
    expect(pages.map((page) => page.judgeWhenNew)).toEqual([undefined]);
  });

  it('dedupes search results of every query by canonical URL, up to maxResults', () => {
    const pages = searchTargetPages({ id: 't', maxResults: 3 }, [
      [{ url: 'http://a.test/1#top' }, { url: 'http://www.a.test/1/' }, { url: 'mailto:x@a.test' }],
      [{ url: 'http://a.test/2' }, { url: 'http://a.test/3' }, { url: 'http://a.test/4' }],
    ]);
    expect(pages.map((page) => page.url)).toEqual(['http://a.test/1', 'http://a.test/2', 'http://a.test/3']);
    expect(pages.every((page) => page.judgeWhenNew)).toBe(true);
  });
});
