/** Product pages in the markup styles shops use, with the fields a reader of the page would note down. */
export interface LabelledProduct {
  name: string;
  html: string;
  expected: {
    title: string;
    brand?: string;
    price: number;
    currency?: string;
    originalPrice?: number;
    inStock: boolean;
  };
}

const shell = (head: string, body: string, lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">${head}</head><body><header><nav><a href="/">Shop</a><a href="/cart">Cart (0)</a></nav></header>${body}<footer>Free returns within 30 days. © Shop</footer></body></html>`;
const ld = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...(data as object) })}</script>`;

export const PRODUCTS: LabelledProduct[] = [
  {
    name: 'json-ld offer',
    html: shell(
      `<title>Alpine Down Jacket | Summit Gear</title>${ld({ '@type': 'Product', name: 'Alpine Down Jacket', brand: { '@type': 'Brand', name: 'Summit' }, offers: { '@type': 'Offer', price: '229.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' } })}`,
      '<main><h1>Alpine Down Jacket</h1><p class="price">229,00 €</p><button>Add to cart</button></main>',
      'de-DE',
    ),
    expected: { title: 'Alpine Down Jacket', brand: 'Summit', price: 229, currency: 'EUR', inStock: true },
  },
  {
    name: 'json-ld sold out',
    html: shell(
      `<title>Ceramic Pour-Over Set</title>${ld({ '@type': 'Product', name: 'Ceramic Pour-Over Set', brand: 'Kōbō', offers: [{ '@type': 'Offer', price: 48, priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' }] })}`,
      '<main><h1>Ceramic Pour-Over Set</h1><span class="price">$48.00</span><p>Sold out</p></main>',
    ),
    expected: { title: 'Ceramic Pour-Over Set', brand: 'Kōbō', price: 48, currency: 'USD', inStock: false },
  },
  {
    name: 'json-ld graph with strikethrough',
    html: shell(
      `<title>Trail Runner 5</title>${ld({
        '@graph': [
          { '@type': 'WebPage', name: 'Trail Runner 5' },
          {
            '@type': 'Product',
            name: 'Trail Runner 5',
            brand: { name: 'Fleet' },
            offers: {
              '@type': 'Offer',
              price: '99.95',
              priceCurrency: 'GBP',
              availability: 'InStock',
              priceSpecification: [
                {
                  '@type': 'UnitPriceSpecification',
                  priceType: 'https://schema.org/StrikethroughPrice',
                  price: '129.95',
                  priceCurrency: 'GBP',
                },
              ],
            },
          },
        ],
      })}`,
      '<main><h1>Trail Runner 5</h1><s>£129.95</s> <b>£99.95</b><button>Add to bag</button></main>',
      'en-GB',
    ),
    expected: {
      title: 'Trail Runner 5',
      brand: 'Fleet',
      price: 99.95,
      currency: 'GBP',
      originalPrice: 129.95,
      inStock: true,
    },
  },
  {
    name: 'json-ld aggregate offer',
    html: shell(
      `<title>Oak Bookshelf</title>${ld({ '@type': 'Product', name: 'Oak Bookshelf', offers: { '@type': 'AggregateOffer', lowPrice: '310', highPrice: '420', priceCurrency: 'EUR', offerCount: 3 } })}`,
      '<main><h1>Oak Bookshelf</h1><p>From €310</p><p>In stock</p><button>Add to cart</button></main>',
    ),
    expected: { title: 'Oak Bookshelf', price: 310, currency: 'EUR', inStock: true },
  },
  {
    name: 'microdata',
    html: shell(
      '<title>Linen Duvet Cover</title>',
      '<main><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Linen Duvet Cover</h1><span itemprop="brand">Dune &amp; Loom</span>' +
        '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="priceCurrency" content="USD">$</span><span itemprop="price" content="185.00">185.00</span>' +
        '<link itemprop="availability" href="https://schema.org/InStock">In stock</div></div><button>Add to cart</button></main>',
    ),
    expected: {
      title: 'Linen Duvet Cover',
      brand: 'Dune & Loom',
      price: 185,
      currency: 'USD',
      inStock: true,
    },
  },
  {
    name: 'microdata out of stock',
    html: shell(
      '<title>Cast Iron Skillet 26cm</title>',
      '<main itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Cast Iron Skillet 26cm</h1><div itemprop="offers" itemscope itemtype="http://schema.org/Offer">' +
        '<meta itemprop="priceCurrency" content="GBP"><span itemprop="price">39.50</span><link itemprop="availability" href="http://schema.org/OutOfStock"><span>Out of stock</span></div></main>',
      'en-GB',
    ),
    expected: { title: 'Cast Iron Skillet 26cm', price: 39.5, currency: 'GBP', inStock: false },
  },
  {
    name: 'opengraph product tags',
    html: shell(
      '<title>Wool Beanie – Fjell</title><meta property="og:type" content="product"><meta property="og:title" content="Wool Beanie"><meta property="product:price:amount" content="24.00"><meta property="product:price:currency" content="NOK"><meta property="product:availability" content="in stock"><meta property="product:brand" content="Fjell">',
      '<main><h1>Wool Beanie</h1><p>kr 24,00</p></main>',
      'nb-NO',
    ),
    expected: { title: 'Wool Beanie', brand: 'Fjell', price: 24, currency: 'NOK', inStock: true },
  },
  {
    name: 'opengraph out of stock',
    html: shell(
      '<title>Bamboo Toothbrush 4-pack</title><meta property="og:type" content="product"><meta property="og:title" content="Bamboo Toothbrush 4-pack"><meta property="product:price:amount" content="9.99"><meta property="product:price:currency" content="USD"><meta property="product:availability" content="oos">',
      '<main><h1>Bamboo Toothbrush 4-pack</h1></main>',
    ),
    expected: { title: 'Bamboo Toothbrush 4-pack', price: 9.99, currency: 'USD', inStock: false },
  },
  {
    name: 'plain page, sale',
    html: shell(
      '<title>Walnut Desk Lamp – Lumen Studio</title>',
      '<main><div class="product"><h1>Walnut Desk Lamp</h1><div class="prices"><span class="was">$140</span> <span class="now">$112</span></div><p>In stock — ships in 2 days</p><button>Add to cart</button></div></main>',
    ),
    expected: { title: 'Walnut Desk Lamp', price: 112, currency: 'USD', originalPrice: 140, inStock: true },
  },
  {
    name: 'plain page, price class',
    html: shell(
      '<title>Merino Socks</title>',
      '<main><h1>Merino Socks</h1><p>Soft, warm, washable.</p><div class="product-price">€18,90</div><button type="submit">In den Warenkorb</button></main>',
      'de-DE',
    ),
    expected: { title: 'Merino Socks', price: 18.9, currency: 'EUR', inStock: true },
  },
  {
    name: 'plain page, sold out',
    html: shell(
      '<title>Vintage Film Camera</title>',
      '<main><h1>Vintage Film Camera</h1><p class="price">£245.00</p><p class="stock">Sold out</p><button disabled>Add to basket</button></main>',
      'en-GB',
    ),
    expected: { title: 'Vintage Film Camera', price: 245, currency: 'GBP', inStock: false },
  },
  {
    name: 'plain page, price near button only',
    html: shell(
      '<title>Garden Kneeler</title>',
      '<main><h1>Garden Kneeler</h1><p>Foam pad with handles.</p><form><span>Only $29.99</span> <button>Buy now</button></form></main>',
    ),
    expected: { title: 'Garden Kneeler', price: 29.99, currency: 'USD', inStock: true },
  },
];
