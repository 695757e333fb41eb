import { parseHtml } from '../page/parse-html.js';
import { linksWorthFollowing as rank, type Wanted } from './links-worth-following.js';

/** The ranking of a page's links, from its markup. */
const linksWorthFollowing = (html: string, pageUrl: string, wanted: Wanted, limit: number) =>
  rank(parseHtml(html), pageUrl, wanted, limit);

const HOME = `<!doctype html><html><head><title>Northpeak Outfitters</title></head><body>
  <header><nav>
    <a href="/outfitters/">Home</a>
    <a href="/outfitters/journal">Journal</a>
    <a href="/outfitters/careers">Careers at Northpeak Outfitters</a>
    <a href="/outfitters/stores">Our stores</a>
    <a href="https://social.example/northpeak">Northpeak on Social</a>
  </nav></header>
  <main><h1>Northpeak Outfitters</h1><p>Boots and packs since 1988.</p>
    <a href="#top">Back to top</a> <a href="/img/boot.jpg">Boot photo</a>
  </main>
  <footer><a href="/outfitters/contact">Contact us</a> <a href="/outfitters/plans?tier=pro">Membership plans</a></footer>
</body></html>`;
const PAGE = 'http://shop.test/outfitters/';

describe('linksWorthFollowing', () => {
  it('follows the site section that holds a missing field: phone and e-mail to the contact page', () => {
    expect(
      linksWorthFollowing(
        HOME,
        PAGE,
        { prompt: 'Northpeak Outfitters phone and e-mail', fields: ['phone', 'email'] },
        3,
      ),
    ).toEqual(['http://shop.test/outfitters/contact']);
  });

  it('follows the about page for when a company was founded, by whom and where, though "about" is a stopword', () => {
    const home = HOME.replace(
      '<a href="/outfitters/journal">',
      '<a href="/outfitters/about-us">About us</a> $&',
    );
    expect(
      linksWorthFollowing(
        home,
        PAGE,
        { prompt: '', fields: ['founded_year', 'founders', 'headquarters'] },
        3,
      ),
    ).toEqual(['http://shop.test/outfitters/about-us']);
  });

  it('ranks by the words of the prompt and the missing fields, those the missing fields name first', () => {
    expect(
      linksWorthFollowing(HOME, PAGE, { prompt: 'open jobs and the stores', fields: ['price'] }, 3),
    ).toEqual([
      'http://shop.test/outfitters/plans?tier=pro',
      'http://shop.test/outfitters/careers',
      'http://shop.test/outfitters/stores',
    ]);
    expect(linksWorthFollowing(HOME, PAGE, { prompt: 'open jobs and the stores', fields: [] }, 1)).toEqual([
      'http://shop.test/outfitters/careers',
    ]);
  });

  it('leaves the site, the page itself, fragments, files and links that share nothing alone', () => {
    // The site's name is in most links: it tells none of them apart.
    expect(
      linksWorthFollowing(
        HOME,
        PAGE,
        { prompt: 'Northpeak Outfitters boot photo social top', fields: [] },
        5,
      ),
    ).toEqual([]);
    expect(linksWorthFollowing(HOME, PAGE, { prompt: '', fields: [] }, 5)).toEqual([]);
  });

  it('resolves links against <base href> and reads an image link by its alt text', () => {
    const html =
      '<html><head><base href="http://shop.test/help/"></head><body><a href="shipping"><img alt="Delivery times"></a></body></html>';
    expect(
      linksWorthFollowing(html, 'http://shop.test/', { prompt: 'how long is delivery', fields: [] }, 2),
    ).toEqual(['http://shop.test/help/shipping']);
  });
});
