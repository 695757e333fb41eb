import { parseHtml } from '../page/parse-html.js';
import { itemLinks } from './item-links.js';

const LISTING = `<html><body>
  <nav><a href="/">Home</a> <a href="/about">About</a></nav>
  <ul>
    <li><a href="/lamps/a">Lamp model A</a> £40</li>
    <li><a href="/lamps/b"><img src="b.jpg" alt=""> Lamp model B — £47</a></li>
    <li><a href="https://elsewhere.test/c">Lamp model C</a></li>
  </ul></body></html>`;

describe('itemLinks', () => {
  it("finds each listed item's own page by its name, in the items' order", () => {
    const items = [{ name: 'Lamp model B', price: 47 }, { product_name: 'Lamp model A' }];
    expect(itemLinks(parseHtml(LISTING), 'http://shop.test/lamps', items)).toEqual([
      'http://shop.test/lamps/b',
      'http://shop.test/lamps/a',
    ]);
  });

  it("takes an item's own address on the site first, and finds no page for items off the site or unnamed", () => {
    const items = [
      { name: 'Lamp model A', url: 'http://shop.test/lamps/b' },
      { name: 'Lamp model C' },
      { name: null, price: 12 },
    ];
    expect(itemLinks(parseHtml(LISTING), 'http://shop.test/lamps', items)).toEqual([
      'http://shop.test/lamps/b',
    ]);
    expect(itemLinks(parseHtml(LISTING), 'http://shop.test/lamps', [])).toEqual([]);
  });
});
