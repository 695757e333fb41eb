/** Menu pages in the markup styles restaurants use; `items` are [name, price] as printed. */
export interface LabelledMenu {
  name: string;
  html: string;
  expected: {
    isMenu: boolean;
    currency: string | null;
    items: [string, number][];
    /** Dietary tags of some items, as the page marks them. */
    dietary?: Record<string, string[]>;
  };
}

const shell = (title: string, body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><header><nav><a href="/">Home</a><a href="/book">Book</a></nav></header><main>${body}</main><footer>Open Tue–Sun</footer></body></html>`;

export const MENUS: LabelledMenu[] = [
  {
    name: 'list items with spans',
    html: shell(
      'Menu – Saltwater',
      '<h2>Small plates</h2><ul><li><strong>Oysters</strong> lemon, shallot <span>$18</span></li><li><strong>Burrata (V)</strong> peach, basil <span>$16</span></li></ul>' +
        '<h2>Large plates</h2><ul><li><strong>Halibut</strong> brown butter <span>$34</span></li><li><strong>Chickpea stew (VG, GF)</strong> harissa <span>$22</span></li></ul>',
    ),
    expected: {
      isMenu: true,
      currency: 'USD',
      items: [
        ['Oysters', 18],
        ['Burrata', 16],
        ['Halibut', 34],
        ['Chickpea stew', 22],
      ],
      dietary: { Burrata: ['vegetarian'], 'Chickpea stew': ['vegan', 'gluten-free'] },
    },
  },
  {
    name: 'table menu',
    html: shell(
      'Lunch – Café Lindt',
      '<h2>Mittag</h2><table><tr><td>Schnitzel mit Kartoffelsalat</td><td>14,50 €</td></tr><tr><td>Käsespätzle (vegetarisch)</td><td>12,00 €</td></tr><tr><td>Tagessuppe</td><td>6,50 €</td></tr></table>',
      'de',
    ),
    expected: {
      isMenu: true,
      currency: 'EUR',
      items: [
        ['Schnitzel mit Kartoffelsalat', 14.5],
        ['Käsespätzle (vegetarisch)', 12],
        ['Tagessuppe', 6.5],
      ],
    },
  },
  {
    name: 'divs with name and price classes',
    html: shell(
      'Menu – Nori House',
      '<h2>Rolls</h2><div class="item"><span class="item-name">Salmon avocado roll</span><span class="item-price">£8.50</span></div>' +
        '<div class="item"><span class="item-name">Cucumber roll</span><span class="item-price">£5.00</span><span class="tag">vegan</span></div>' +
        '<h2>Bowls</h2><div class="item"><span class="item-name">Chicken katsu bowl</span><span class="item-price">£12.95</span></div>',
      'en-GB',
    ),
    expected: {
      isMenu: true,
      currency: 'GBP',
      items: [
        ['Salmon avocado roll', 8.5],
        ['Cucumber roll', 5],
        ['Chicken katsu bowl', 12.95],
      ],
      dietary: { 'Cucumber roll': ['vegan'] },
    },
  },
  {
    name: 'paragraph lines',
    html: shell(
      'Breakfast – The Early Bird',
      '<h3>Breakfast</h3><p>Full English — eggs, bacon, beans, toast $14.00</p><p>Avocado toast (V) — sourdough, chilli $11.50</p><p>Granola bowl (VG) $9.00</p>',
    ),
    expected: {
      isMenu: true,
      currency: 'USD',
      items: [
        ['Full English', 14],
        ['Avocado toast', 11.5],
        ['Granola bowl', 9],
      ],
      dietary: { 'Avocado toast': ['vegetarian'], 'Granola bowl': ['vegan'] },
    },
  },
  {
    name: 'json-ld menu',
    html: shell(
      'Trattoria Sole',
      `<script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Restaurant',
        name: 'Trattoria Sole',
        hasMenu: {
          '@type': 'Menu',
          hasMenuSection: [
            {
              '@type': 'MenuSection',
              name: 'Pizze',
              hasMenuItem: [
                {
                  '@type': 'MenuItem',
                  name: 'Margherita',
                  suitableForDiet: 'https://schema.org/VegetarianDiet',
                  offers: { '@type': 'Offer', price: '9.50', priceCurrency: 'EUR' },
                },
                {
                  '@type': 'MenuItem',
                  name: 'Diavola',
                  offers: { '@type': 'Offer', price: '11.00', priceCurrency: 'EUR' },
                },
              ],
            },
            {
              '@type': 'MenuSection',
              name: 'Dolci',
              hasMenuItem: [
                {
                  '@type': 'MenuItem',
                  name: 'Tiramisù',
                  offers: { '@type': 'Offer', price: '6', priceCurrency: 'EUR' },
                },
              ],
            },
          ],
        },
      })}</script><h1>Trattoria Sole</h1>`,
      'it',
    ),
    expected: {
      isMenu: true,
      currency: 'EUR',
      items: [
        ['Margherita', 9.5],
        ['Diavola', 11],
        ['Tiramisù', 6],
      ],
      dietary: { Margherita: ['vegetarian'] },
    },
  },
  {
    name: 'microdata menu',
    html: shell(
      'Dim Sum Garden',
      '<div itemscope itemtype="https://schema.org/Menu"><section itemprop="hasMenuSection" itemscope itemtype="https://schema.org/MenuSection"><h2 itemprop="name">Steamed</h2>' +
        '<div itemprop="hasMenuItem" itemscope itemtype="https://schema.org/MenuItem"><span itemprop="name">Har gow</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">6.80</span><meta itemprop="priceCurrency" content="CAD"></div></div>' +
        '<div itemprop="hasMenuItem" itemscope itemtype="https://schema.org/MenuItem"><span itemprop="name">Siu mai</span><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">6.50</span><meta itemprop="priceCurrency" content="CAD"></div></div></section></div>',
      'en-CA',
    ),
    expected: {
      isMenu: true,
      currency: 'CAD',
      items: [
        ['Har gow', 6.8],
        ['Siu mai', 6.5],
      ],
    },
  },
  {
    name: 'drinks list with dots',
    html: shell(
      'Drinks – The Anchor',
      '<h2>Beer</h2><ul><li>House lager ........ £5.20</li><li>Pale ale ........ £5.60</li></ul><h2>Soft drinks</h2><ul><li>Elderflower pressé ........ £3.40</li></ul>',
      'en-GB',
    ),
    expected: {
      isMenu: true,
      currency: 'GBP',
      items: [
        ['House lager', 5.2],
        ['Pale ale', 5.6],
        ['Elderflower pressé', 3.4],
      ],
    },
  },
  {
    name: 'not a menu (article with one price)',
    html: shell(
      'Why bread costs more',
      '<h1>Why bread costs more</h1><p>A loaf now costs £1.60 on average, up from £1.20 two years ago, as wheat prices rose.</p><p>Bakers blame energy bills.</p>',
      'en-GB',
    ),
    expected: { isMenu: false, currency: null, items: [] },
  },
];
