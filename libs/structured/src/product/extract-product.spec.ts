import { fixturePage } from '../fixture-pages.spec-helper.js';
import { parsePage } from '../page/parse-page.js';
import { extractProduct } from './extract-product.js';

describe('extractProduct', () => {
  it('reads a schema.org ProductGroup: variants with values, prices, strikethrough sale and availability', () => {
    const found = extractProduct(fixturePage('product', 'http://shop.test/boot'));
    expect(found?.source).toBe('structured-data');
    expect(found?.product).toMatchObject({
      title: 'Trailhead 2 Hiking Boot',
      brand: 'Northpeak',
      category: 'Footwear > Hiking boots',
      url: 'http://shop.test/boot',
      description: 'A waterproof leather hiking boot with a Vibram sole.',
    });
    expect(found?.product.variants).toEqual([
      {
        sku: 'TH2-BRN-42',
        title: 'Trailhead 2 — Brown, 42',
        values: { color: 'Brown', size: '42' },
        images: [{ url: 'http://shop.test/img/boot-brown.jpg' }],
        price: { amount: 149, currency: 'USD', formatted: '$149.00' },
        sale: { originalPrice: { amount: 189, currency: 'USD', formatted: '$189.00' } },
        availability: { inStock: true, text: 'In Stock' },
      },
      {
        sku: 'TH2-BLK-43',
        title: 'Trailhead 2 — Black, 43',
        values: { color: 'Black', size: '43' },
        images: [{ url: 'http://shop.test/img/boot-black.jpg' }],
        price: { amount: 159, currency: 'USD', formatted: '$159.00' },
        availability: { inStock: false, text: 'Out Of Stock' },
      },
    ]);
  });

  it('falls back to the page: title, price by the buy button, struck original price, stock text', () => {
    const found = extractProduct(fixturePage('product-plain', 'http://shop.test/kettle'));
    expect(found?.source).toBe('page-heuristics');
    expect(found?.product).toEqual({
      title: 'Copper Kettle 1.7L',
      url: 'http://shop.test/kettle',
      variants: [
        {
          price: { amount: 44.99, currency: 'GBP', formatted: '£44.99' },
          sale: { originalPrice: { amount: 59.99, currency: 'GBP', formatted: '£59.99' } },
          availability: { inStock: true, text: 'Only 3 left in stock' },
        },
      ],
    });
  });

  it("names the product by the page's own title heading, not a card's <h1> before it", () => {
    const page = parsePage(
      `<title>Shop: Atomic Habits by James Clear: Books</title>
       <div class="card"><h1>Follow the author</h1><a href="/clear">James Clear</a></div>
       <h1>Atomic Habits</h1><span class="price">$11.18</span><button>Add to cart</button>`,
      'http://shop.test/atomic-habits',
    );
    expect(extractProduct(page)?.product.title).toBe('Atomic Habits');
  });

  it("takes the description and image a schema.org Product leaves out from the page's meta tags", () => {
    const page = parsePage(
      `<html><head><meta name="description" content="A light trail shoe with a 4 mm drop.">
       <meta property="og:image" content="/img/runner.jpg">
       <script type="application/ld+json">{"@type":"Product","name":"Trail Runner 3",
        "offers":{"price":"129.00","priceCurrency":"EUR","availability":"https://schema.org/InStock"}}</script>
       </head><body><h1>Trail Runner 3</h1></body></html>`,
      'http://shop.test/runner',
    );
    expect(extractProduct(page)?.product).toEqual({
      title: 'Trail Runner 3',
      url: 'http://shop.test/runner',
      description: 'A light trail shoe with a 4 mm drop.',
      variants: [
        {
          images: [{ url: 'http://shop.test/img/runner.jpg' }],
          price: { amount: 129, currency: 'EUR', formatted: '€129.00' },
          availability: { inStock: true, text: 'In Stock' },
        },
      ],
    });
  });

  it('takes the description the page shows over a shop-wide meta description that names nothing of the product', () => {
    const head = (description: string) =>
      `<html><head><meta name="description" content="${description}">
       <meta property="og:type" content="product"><meta property="product:price:amount" content="44.99">
       <meta property="product:price:currency" content="GBP"></head>`;
    const body = `<body><header><p class="site-description">Kitchenware and homeware since 1990, delivered free.</p></header>
       <main><h1>Copper Kettle 1.7L</h1><p class="price">£44.99</p>
       <div class="product-description"><p>A hand-finished copper kettle that boils 1.7 litres on any hob.</p></div>
       </main></body></html>`;
    const shopWide = parsePage(
      `${head('Hearth &amp; Home – quality kitchenware since 1990. Free UK delivery over £50.')}${body}`,
      'http://shop.test/kettle',
    );
    expect(extractProduct(shopWide)?.product.description).toBe(
      'A hand-finished copper kettle that boils 1.7 litres on any hob.',
    );
    // A meta description that speaks of the product is the shop's own summary of it.
    const own = parsePage(
      `${head('Buy the Copper Kettle 1.7L: hand-finished, for every hob.')}${body}`,
      'http://shop.test/kettle',
    );
    expect(extractProduct(own)?.product.description).toBe(
      'Buy the Copper Kettle 1.7L: hand-finished, for every hob.',
    );
  });

  it("reads a schema.org Product's strings as the HTML text shops write into them", () => {
    const page = parsePage(
      `<html><head><script type="application/ld+json">{"@type":"Product",
        "name":"3 pack ladies top black, white &amp; green",
        "description":"<p>Soft cotton tops.</p><p>Model is 5&apos;9&quot; and wears size 8.</p>",
        "brand":{"@type":"Brand","name":"Marks &amp; Sparks"},
        "offers":{"price":"24.00","priceCurrency":"GBP"}}</script></head><body></body></html>`,
      'http://shop.test/tops',
    );
    expect(extractProduct(page)?.product).toMatchObject({
      title: '3 pack ladies top black, white & green',
      brand: 'Marks & Sparks',
      description: 'Soft cotton tops. Model is 5\'9" and wears size 8.',
    });
  });

  it('prices a schema.org Product without an offer as its OpenGraph tags, else the page, show it', () => {
    const data = `<script type="application/ld+json">{"@type":"Product","name":"Scarlett 4i4","brand":"Focusrite"}</script>`;
    const tagged = parsePage(
      `<html><head>${data}<meta property="product:price:amount" content="299.99">
       <meta property="product:price:currency" content="USD"></head><body><h1>Scarlett 4i4</h1></body></html>`,
      'http://shop.test/4i4',
    );
    expect(extractProduct(tagged)?.product.variants[0]?.price).toEqual({
      amount: 299.99,
      currency: 'USD',
      formatted: '$299.99',
    });
    const shown = parsePage(
      `<html><head>${data}</head><body><h1>Scarlett 4i4</h1><div class="price">$279.99</div>
       <s>$299.99</s><button>Add to cart</button></body></html>`,
      'http://shop.test/4i4',
    );
    expect(extractProduct(shown)?.product.variants[0]).toMatchObject({
      price: { amount: 279.99, currency: 'USD' },
      sale: { originalPrice: { amount: 299.99 } },
    });
  });

  it('takes the photos that name the product when neither its data nor its tags name an image', () => {
    const page = parsePage(
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Trail Runner 3",
        "offers":{"price":"129.00","priceCurrency":"EUR"}}</script></head><body>
       <img src="/logo.png" alt="Peak Outfitters"><h1>Trail Runner 3</h1>
       <div class="gallery"><img src="/tr3-side.jpg" alt="Trail Runner 3, side view">
       <img class="lazy" src="data:image/gif;base64,R0lGOD" data-src="/tr3-sole.jpg" alt="Trail runner 3 sole">
       <button><img src="/tr3-side-thumb.jpg" alt=""></button></div>
       <a href="/socks"><img src="/socks.jpg" alt="Merino Trail Socks"></a></body></html>`,
      'http://shop.test/runner',
    );
    expect(extractProduct(page)?.product.variants[0]?.images).toEqual([
      { url: 'http://shop.test/tr3-side.jpg', alt: 'Trail Runner 3, side view' },
      { url: 'http://shop.test/tr3-sole.jpg', alt: 'Trail runner 3 sole' },
    ]);
  });

  it('reads OpenGraph product tags', () => {
    const page = parsePage(
      `<html><head><meta property="og:type" content="product"><meta property="og:title" content="Linen Apron">
       <meta property="product:price:amount" content="32.00"><meta property="product:price:currency" content="EUR">
       <meta property="product:availability" content="out of stock"></head><body><h1>Linen Apron</h1></body></html>`,
      'http://shop.test/apron',
    );
    expect(extractProduct(page)).toEqual({
      source: 'opengraph',
      product: {
        title: 'Linen Apron',
        url: 'http://shop.test/apron',
        variants: [
          {
            price: { amount: 32, currency: 'EUR', formatted: '€32.00' },
            availability: { inStock: false, text: 'Out of stock' },
          },
        ],
      },
    });
  });

  it("leaves the site's name out of an OpenGraph title", () => {
    const titled = (ogTitle: string, siteName = '') =>
      extractProduct(
        parsePage(
          `<html><head><meta property="og:type" content="product"><meta property="og:title" content="${ogTitle}">
           ${siteName && `<meta property="og:site_name" content="${siteName}">`}</head><body></body></html>`,
          'http://www.beardbrand.test/products/oil',
        ),
      )?.product.title;
    expect(titled('Copper Kettle 1.7 L | Acme Kitchen Shop', 'Acme Kitchen Shop')).toBe(
      'Copper Kettle 1.7 L',
    );
    expect(titled('Acme: Copper Kettle - 1.7 L', 'ACME')).toBe('Copper Kettle - 1.7 L');
    // No site name given: the host names the site.
    expect(titled('Beard Oil – Beardbrand')).toBe('Beard Oil');
    // A part that names something else stays.
    expect(titled('Kettle - Copper', 'Acme')).toBe('Kettle - Copper');
  });

  it('finds no product on an article', () => {
    expect(extractProduct(fixturePage('lighthouse'))).toBeUndefined();
  });

  it('reads RDFa Lite product markup', () => {
    const page = parsePage(
      `<html><body><div vocab="https://schema.org/" typeof="Product"><h1 property="name">Stoneware Bowl</h1>
       <div property="offers" typeof="Offer"><span property="priceCurrency" content="EUR">€</span><span property="price" content="22.00">22,00</span>
       <link property="availability" href="https://schema.org/InStock"></div></div></body></html>`,
      'http://shop.test/bowl',
    );
    expect(extractProduct(page)).toMatchObject({
      source: 'structured-data',
      product: {
        title: 'Stoneware Bowl',
        variants: [{ price: { amount: 22, currency: 'EUR' }, availability: { inStock: true } }],
      },
    });
  });
});
