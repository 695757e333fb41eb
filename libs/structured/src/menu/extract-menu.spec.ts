import { fixturePage } from '../fixture-pages.spec-helper.js';
import { parsePage } from '../page/parse-page.js';
import { extractMenu } from './extract-menu.js';

describe('extractMenu', () => {
  it('reads headed sections of priced dishes with dietary markers, calories and sold-out items', () => {
    const menu = extractMenu(fixturePage('menu', 'http://gull.test/menu'));
    expect(menu).toMatchObject({
      isMenu: true,
      currency: 'GBP',
      merchant: { name: 'The Gull & Anchor' },
      sourceUrl: 'http://gull.test/menu',
    });
    expect(menu.confidence).toBeGreaterThan(0.5);
    expect(menu.sections.map((section) => [section.name, section.items.map((item) => item.name)])).toEqual([
      ['Starters', ['Smoked mackerel pâté', 'Roasted beetroot salad', 'Crispy squid']],
      ['Mains', ['Beer-battered haddock', 'Mushroom & lentil pie', 'Sirloin steak']],
      ['Desserts', ['Sticky toffee pudding', 'Lemon sorbet']],
    ]);
    const items = Object.fromEntries(
      menu.sections.flatMap((section) => section.items).map((item) => [item.name, item]),
    );
    expect(items['Smoked mackerel pâté']).toMatchObject({
      description: 'toasted sourdough, pickled cucumber',
      price: { amount: 8.5, currency: 'GBP', formatted: '£8.50' },
      availability: { inStock: true },
      dietary: [],
    });
    expect(items['Roasted beetroot salad'].dietary).toEqual(['vegetarian', 'gluten-free']);
    expect(items['Mushroom & lentil pie'].dietary).toEqual(['vegan']);
    expect(items['Sirloin steak']).toMatchObject({
      calories: 850,
      availability: { inStock: false, text: 'Sold out' },
    });
  });

  it('reads schema.org Menu sections and the restaurant behind them', () => {
    const page = parsePage(
      `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"Restaurant","name":"Casa Verde",
        "address":{"@type":"PostalAddress","addressLocality":"Lisbon"},
        "hasMenu":{"@type":"Menu","hasMenuSection":[{"@type":"MenuSection","name":"Petiscos","hasMenuItem":[
          {"@type":"MenuItem","name":"Pimentos padrón","suitableForDiet":"https://schema.org/VeganDiet",
           "offers":{"@type":"Offer","price":"6.50","priceCurrency":"EUR"}},
          {"@type":"MenuItem","name":"Bacalhau croquettes","offers":{"@type":"Offer","price":"8","priceCurrency":"EUR"}}]}]}}
      </script></head><body></body></html>`,
      'http://casa.test/',
    );
    const menu = extractMenu(page);
    expect(menu).toMatchObject({
      isMenu: true,
      confidence: 0.95,
      currency: 'EUR',
      merchant: { name: 'Casa Verde', type: 'restaurant', location: { addressLocality: 'Lisbon' } },
    });
    expect(menu.sections[0].items.map((item) => [item.name, item.price?.amount, item.dietary])).toEqual([
      ['Pimentos padrón', 6.5, ['vegan']],
      ['Bacalhau croquettes', 8, []],
    ]);
  });

  it('keeps a one-dish section as a section, and reads a dish whose price stands in an element of its own', () => {
    const menu = extractMenu(
      parsePage(
        `<html><body><main>
          <section><h2>Pasta</h2><ul>
            <li><strong>Carbonara</strong> – guanciale, egg yolk <span>£13.50</span></li>
            <li><strong>Arrabbiata</strong> – spicy tomato <span>£11.00</span></li></ul></section>
          <section><h2>Desserts</h2><ul><li><strong>Tiramisu</strong> <span>£6.00</span></li></ul></section>
          <section><h2>Drinks</h2>
            <div class="dish"><div class="dish-name">Espresso</div><div class="dish-price">£2.20</div></div>
            <div class="dish"><div class="dish-name">Limoncello</div><div class="dish-price">£4.50</div></div></section>
        </main></body></html>`,
        'http://luigi.test/menu',
      ),
    );
    expect(menu.sections.map((section) => [section.name, section.items.map((item) => item.name)])).toEqual([
      ['Pasta', ['Carbonara', 'Arrabbiata']],
      ['Desserts', ['Tiramisu']],
      ['Drinks', ['Espresso', 'Limoncello']],
    ]);
    const tiramisu = menu.sections[1].items[0];
    expect(tiramisu).toMatchObject({ price: { amount: 6 } });
    expect(tiramisu.description).toBeUndefined();
  });

  it('reads dishes from a description list and from table rows, name apart from description, and what describes a section', () => {
    const menu = extractMenu(
      parsePage(
        `<html><body><h2>Starters</h2><p>Small plates to share.</p><dl>
          <dt>Soup of the day</dt><dd>Seasonal vegetables, bread £5.50</dd>
          <dt>Whitebait</dt><dd>Lemon mayo</dd><dd>£7.00</dd></dl>
         <h2>Mains</h2><table>
          <tr><td>Fish pie</td><td>Cod, prawns, mash</td><td>£14</td></tr>
          <tr><td>Steak</td><td>Chips, peppercorn sauce</td><td>£24</td></tr></table></body></html>`,
        'http://inn.test/menu',
      ),
    );
    // The paragraph under a section's heading, before its first dish, describes the section.
    expect(menu.sections.map((section) => section.description)).toEqual([
      'Small plates to share.',
      undefined,
    ]);
    expect(
      menu.sections.map((section) => [
        section.name,
        section.items.map((item) => [item.name, item.description, item.price?.amount]),
      ]),
    ).toEqual([
      [
        'Starters',
        [
          ['Soup of the day', 'Seasonal vegetables, bread', 5.5],
          ['Whitebait', 'Lemon mayo', 7],
        ],
      ],
      [
        'Mains',
        [
          ['Fish pie', 'Cod, prawns, mash', 14],
          ['Steak', 'Chips, peppercorn sauce', 24],
        ],
      ],
    ]);
  });

  it('says an article is not a menu, and never invents a currency', () => {
    const menu = extractMenu(fixturePage('lighthouse'));
    expect(menu).toMatchObject({ isMenu: false, sections: [], currency: null });
    const unpriced = extractMenu(
      parsePage(
        '<html><body><h2>Drinks</h2><p>Tea 2.50</p><p>Coffee 3.00</p><p>Juice 3.50</p></body></html>',
        'http://x.test/',
      ),
    );
    expect(unpriced).toMatchObject({ isMenu: true, currency: null });
    expect(unpriced.sections[0].items.map((item) => [item.name, item.price])).toEqual([
      ['Tea', { amount: 2.5, formatted: '2.50' }],
      ['Coffee', { amount: 3, formatted: '3.00' }],
      ['Juice', { amount: 3.5, formatted: '3.50' }],
    ]);
  });
});
