import { fixturePage, markdownBlocks } from '../fixture-pages.spec-helper.js';
import { parsePage } from '../page/parse-page.js';
import { fillSchema, schemaFieldNames } from './fill-schema.js';
import type { JsonSchema } from './json-schema.js';
import { pageFacts } from './page-facts.js';

const fill = (page: ReturnType<typeof parsePage>, schema: JsonSchema, markdown = '') =>
  fillSchema(schema, pageFacts(page, schemaFieldNames(schema), markdown));

/** An object schema with one array of objects whose fields are strings. */
const list = (field: string, properties: string[]): JsonSchema =>
  arrayOf(field, Object.fromEntries(properties.map((name) => [name, 'string'])));

/** An object schema of plain fields, each named with its type (`'string[]'` a list of strings). */
const fields = (types: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(types).map(([name, type]) => [
      name,
      type.endsWith('[]') ? { type: 'array', items: { type: type.slice(0, -2) } } : { type },
    ]),
  ),
});

/** An object schema with one array of objects, its fields named with their types as in `fields`. */
const arrayOf = (field: string, types: Record<string, string>): JsonSchema => ({
  type: 'object',
  properties: { [field]: { type: 'array', items: fields(types) } },
});

describe('fillSchema', () => {
  it('fills fields from JSON-LD first, then definition lists, coercing to the schema types', () => {
    const { value, missing } = fill(fixturePage('lighthouse'), {
      type: 'object',
      properties: {
        headline: { type: 'string' },
        author: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string' } } },
        datePublished: { type: 'string' },
        height: { type: 'string' },
        built: { type: 'integer' },
        wordCount: { type: ['integer', 'null'] },
        architect: { type: 'string' },
      },
      required: ['headline'],
    });
    expect(value).toEqual({
      headline: 'The Lighthouse at Cape Wren',
      author: { name: 'Mara Ellison', url: 'https://example.org/mara' },
      datePublished: '2026-03-14',
      height: '34 m',
      built: 1871,
      wordCount: 412,
      architect: null,
    });
    expect(missing).toEqual(['architect']);
  });

  it("reads the data's strings as the HTML text themes write into them", () => {
    const page = parsePage(
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Warrior drop, white &amp; rose gold",
        "brand":"L&#8217;atelier Nawbar","description":"<p>Hand-set diamonds.</p><p>18k gold.</p>",
        "offers":{"price":"3665.00","priceCurrency":"USD"}}</script></head><body></body></html>`,
      'http://shop.test/drop',
    );
    expect(fill(page, fields({ name: 'string', brand: 'string', description: 'string' })).value).toEqual({
      name: 'Warrior drop, white & rose gold',
      brand: 'L’atelier Nawbar',
      description: 'Hand-set diamonds. 18k gold.',
    });
  });

  it('reads a meta tag that is a name, a property and an itemprop at once, and no footer menu as a label', () => {
    const footer =
      '<footer><dl><dt>About</dt><dd><a href="/about">About us</a></dd><dd><a href="/contact">Contact us</a></dd></dl></footer>';
    const schema = fields({ description: 'string' });
    const described = parsePage(
      `<html><head><meta property="og:description" itemprop="description" name="description" content="Renting a car opens up possibilities."></head><body><h1>Rent a car</h1>${footer}</body></html>`,
      'https://example.com/rent',
    );
    expect(fill(described, schema).value).toEqual({ description: 'Renting a car opens up possibilities.' });
    const undescribed = parsePage(
      `<html><body><h1>Rent a car</h1>${footer}</body></html>`,
      'https://example.com/rent',
    );
    expect(fill(undescribed, schema).value).toEqual({ description: null });
  });

  it('reads spec tables and builds arrays of objects from repeated elements', () => {
    const { value, missing } = fill(fixturePage('product'), {
      type: 'object',
      properties: {
        name: { type: 'string' },
        brand: { type: 'string' },
        price: { type: 'number' },
        weight: { type: 'string' },
        waterproof: { type: 'boolean' },
        reviews: {
          type: 'array',
          items: {
            type: 'object',
            properties: { title: { type: 'string' }, rating: { type: 'number' }, author: { type: 'string' } },
          },
        },
      },
    });
    expect(value).toEqual({
      name: 'Trailhead 2 Hiking Boot',
      brand: 'Northpeak',
      price: 149,
      weight: '1.2 kg',
      waterproof: true,
      reviews: [
        { title: 'Great on rocks', rating: 5, author: 'Dana' },
        { title: 'Runs small', rating: 3, author: 'Lee' },
      ],
    });
    expect(missing).toEqual([]);
  });

  it("fills a shop's products from its grid of cards, not its menu, named as their links' addresses name them", () => {
    // Shops style cards with class names no field names, put a badge in bold and name the product
    // only in the link to it; the header's menu lists titles and links too.
    const menu =
      '<header><nav><ul><li><a href="/new"><strong>New in</strong> from $20</a></li><li><a href="/sale"><strong>Sale</strong> up to $50 off</a></li></ul></nav></header>';
    const card = (slug: string, name: string, price: string) =>
      `<div class="c7x"><b>Sold out</b><a href="/p/${slug}">${name}</a><span class="q1">${price}</span></div>`;
    const page = parsePage(
      `${menu}<main><h1>Carry-on luggage</h1><div class="g2">${card('rejoy-carry-on', 'Rejoy Carry-On', '$79.99')}${card('freeform-spinner', 'Freeform Spinner', 'From $129.99')}</div></main>`,
      'http://shop.test/luggage',
    );
    const schema = arrayOf('products', { name: 'string', price: 'number', url: 'string' });
    expect(fill(page, schema).value).toEqual({
      products: [
        { name: 'Rejoy Carry-On', price: 79.99, url: 'http://shop.test/p/rejoy-carry-on' },
        { name: 'Freeform Spinner', price: 129.99, url: 'http://shop.test/p/freeform-spinner' },
      ],
    });
  });

  it('fills an array from cards that give more than a title, most of them, and not from a run of sections', () => {
    const schema = arrayOf('pricing_plans', { name: 'string', price: 'number' });
    const section = (heading: string, text: string) =>
      `<section class="s"><h2>${heading}</h2><p>${text}</p></section>`;
    const sections = parsePage(
      `<main>${section('Why us', 'We answer in a day.')}${section('Coverage', 'From $1 a day.')}${section('Claims', 'Online, any time.')}</main>`,
      'http://insure.test/',
    );
    expect(fill(sections, schema).value).toEqual({ pricing_plans: null });
    // An FAQ's questions, which its microdata calls `name`, are titles too.
    const question = (asked: string) =>
      `<div class="q" itemscope itemtype="https://schema.org/Question"><h3 itemprop="name">${asked}</h3><p>Yes.</p></div>`;
    const faq = parsePage(
      `<main>${question('Is there a trial?')}${question('Can I cancel?')}</main>`,
      'http://app.test/faq',
    );
    expect(fill(faq, schema).value).toEqual({ pricing_plans: null });
    const plan = (name: string, price: string) =>
      `<div class="plan"><h3>${name}</h3><p>${price} a month</p></div>`;
    const plans = parsePage(
      `<main>${plan('Basic', '$10')}${plan('Team', '$25')}</main>`,
      'http://app.test/pricing',
    );
    expect(fill(plans, schema).value).toEqual({
      pricing_plans: [
        { name: 'Basic', price: 10 },
        { name: 'Team', price: 25 },
      ],
    });
  });

  it('names a card by the element classed as its name when a link wraps the whole card', () => {
    const card = (slug: string, name: string) =>
      `<div class="cat"><a href="/${slug}"><div class="grid-product-name">${name}</div><div>Manufacturer: BenQ</div><span>$4,899.00</span></a></div>`;
    const page = parsePage(
      `<main>${card('benq-lk936st-laser-projector', 'BenQ LK936ST Laser Projector')}${card('epson-ls800-laser-projector', 'Epson LS800 Laser Projector')}</main>`,
      'http://screens.test/projectors',
    );
    expect(fill(page, arrayOf('products', { name: 'string', price: 'number' })).value).toEqual({
      products: [
        { name: 'BenQ LK936ST Laser Projector', price: 4899 },
        { name: 'Epson LS800 Laser Projector', price: 4899 },
      ],
    });
  });

  it('leaves out entities that are only references: no item of nulls for a variant given by its address', () => {
    const page = parsePage(
      `<script type="application/ld+json">{"@context": "https://schema.org", "@type": "ProductGroup", "name": "Wool Runner",
         "hasVariant": [{"@type": "Product", "url": "http://shop.test/runner?size=8"},
           {"@type": "Product", "name": "Wool Runner - Size 8", "offers": {"@type": "Offer", "price": 110}},
           {"@type": "Product", "name": "Wool Runner - Size 9", "offers": {"@type": "Offer", "price": 110}}]}</script>`,
      'http://shop.test/runner',
    );
    expect(fill(page, arrayOf('products', { name: 'string', price: 'number' })).value).toEqual({
      products: [
        { name: 'Wool Runner - Size 8', price: 110 },
        { name: 'Wool Runner - Size 9', price: 110 },
      ],
    });
  });

  it("dates a listing's teasers by the <time> each one holds", () => {
    const teaser = (slug: string, title: string, date: string) =>
      `<article class="post"><h2><a href="/blog/${slug}">${title}</a></h2><time datetime="${date}">a while ago</time></article>`;
    const page = parsePage(
      `<main>${teaser('allocations', 'Allocating on the stack', '2026-02-27')}${teaser('generics', 'Generic methods', '2026-01-12')}</main>`,
      'http://blog.test/',
    );
    const schema = arrayOf('posts', { title: 'string', date: 'string' });
    expect(fill(page, schema).value).toEqual({
      posts: [
        { title: 'Allocating on the stack', date: '2026-02-27' },
        { title: 'Generic methods', date: '2026-01-12' },
      ],
    });
  });

  it("fills a thread's posts from its schema.org posting and the Comments its replies are marked up as", () => {
    const reply = (author: string, text: string, date: string) =>
      `<div itemprop="comment" itemscope itemtype="https://schema.org/Comment">
         <span itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${author}</span></span>
         <time itemprop="dateCreated" datetime="${date}">${date}</time><div itemprop="text">${text}</div></div>`;
    const page = parsePage(
      `<script type="application/ld+json">{"@context": "https://schema.org", "@type": "DiscussionForumPosting",
         "headline": "Which projector under $3000?", "author": {"@type": "Person", "name": "eljay"},
         "datePublished": "2024-01-03", "text": "Looking for a projector for a dark room."}</script>
       <main><h1>Which projector under $3000?</h1>${reply('golftango', 'Try a laser model.', '2024-01-04')}${reply('Packard', 'Mind the throw distance.', '2024-01-05')}</main>`,
      'http://forum.test/t/projectors',
    );
    const schema = arrayOf('posts', { author: 'string', content: 'string', date: 'string' });
    expect(fill(page, schema).value).toEqual({
      posts: [
        { author: 'eljay', content: 'Looking for a projector for a dark room.', date: '2024-01-03' },
        { author: 'golftango', content: 'Try a laser model.', date: '2024-01-04' },
        { author: 'Packard', content: 'Mind the throw distance.', date: '2024-01-05' },
      ],
    });
  });

  it("fills an article's content from its main content, its code examples with their lines, its author by name", () => {
    const page = parsePage(
      `<head><meta property="article:author" content="https://www.facebook.com/jill.winger">
       <meta name="author" content="Jill Winger"></head>
       <main><h1>Pods</h1><p>A pod runs one or more containers.</p>
       <pre><code>apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx</code></pre></main>`,
      'http://docs.test/pods',
    );
    const markdown = '# Pods\n\nA pod runs one or more containers.';
    const schema = fields({ author: 'string', content: 'string', code_examples: 'string[]' });
    expect(fill(page, schema, markdown).value).toEqual({
      author: 'Jill Winger',
      content: markdown,
      code_examples: ['apiVersion: v1\nkind: Pod\nmetadata:\n  name: nginx'],
    });
  });

  it('maps header tables to arrays of objects and "Label: value" lines to fields', () => {
    const page = parsePage(
      `<html><body><h1>Ferry timetable</h1>
       <p>Operator: Island Lines<br>Season: Summer 2026</p>
       <table><tr><th>Departure</th><th>Destination</th><th>Fare</th></tr>
         <tr><td>08:15</td><td>Bryher</td><td>€12,50</td></tr>
         <tr><td>10:40</td><td>Tresco</td><td>€9,00</td></tr></table></body></html>`,
      'http://ferry.test/',
    );
    const { value } = fill(page, {
      type: 'object',
      properties: {
        operator: { type: 'string' },
        season: { type: 'string' },
        sailings: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              departure: { type: 'string' },
              destination: { type: 'string' },
              fare: { type: 'number' },
            },
          },
        },
      },
    });
    expect(value).toEqual({
      operator: 'Island Lines',
      season: 'Summer 2026',
      sailings: [
        { departure: '08:15', destination: 'Bryher', fare: 12.5 },
        { departure: '10:40', destination: 'Tresco', fare: 9 },
      ],
    });
  });

  it("fills an array of objects with the page's structured entities of the type it names", () => {
    const page = parsePage(
      `<html><head><script type="application/ld+json">{"@context": "https://schema.org", "@type": "ItemList",
        "itemListElement": [
          {"@type": "ListItem", "position": 1, "item": {"@type": "Product", "name": "Trail Runner 3",
            "offers": {"@type": "Offer", "price": "129.00", "priceCurrency": "EUR"}}},
          {"@type": "ListItem", "position": 2, "item": {"@type": "Product", "name": "Road Racer",
            "offers": {"@type": "Offer", "price": "119.00", "priceCurrency": "EUR"}}}]}</script></head>
       <body><h1>Running shoes</h1><table><tr><th>Store</th><th>City</th></tr><tr><td>Harbour St</td><td>Leith</td></tr></table>
       </body></html>`,
      'http://shop.test/running',
    );
    expect(fill(page, list('products', ['name', 'price'])).value).toEqual({
      products: [
        { name: 'Trail Runner 3', price: '129.00' },
        { name: 'Road Racer', price: '119.00' },
      ],
    });
    // No entity of the named type: the table whose header names the fields.
    expect(fill(page, list('stores', ['store', 'city'])).value).toEqual({
      stores: [{ store: 'Harbour St', city: 'Leith' }],
    });
  });

  it("names a table's items by its first column when no header names them", () => {
    const page = parsePage(
      `<html><body><h1>Market</h1>
       <table><tr><th>Fish</th><th>Price</th></tr><tr><td>Cod</td><td>$12</td></tr>
         <tr><td>Hake</td><td>$9</td></tr><tr><td></td><td></td></tr></table>
       <table><tr><th>Date</th><th>Event</th></tr><tr><td>1 May</td><td>Fish fair</td></tr></table>
       </body></html>`,
      'http://market.test/',
    );
    // The empty row gives nothing: it is no item of nulls.
    expect(fill(page, list('fish', ['name', 'price'])).value).toEqual({
      fish: [
        { name: 'Cod', price: '$12' },
        { name: 'Hake', price: '$9' },
      ],
    });
    // The unit a header gives its prices in does not hide that they are the prices.
    const perKilo = parsePage(
      `<table><tr><th>Fish</th><th>Price per kg</th><th>Weight (g)</th><th>Shipping price</th></tr>
       <tr><td>Cod</td><td>$12</td><td>500</td><td>$4</td></tr></table>`,
      'http://market.test/',
    );
    expect(fill(perKilo, list('fish', ['name', 'price', 'weight'])).value).toEqual({
      fish: [{ name: 'Cod', price: '$12', weight: '500' }],
    });
    // Nor does the span of time a label counts over.
    const counter = parsePage(
      '<h1>Status</h1><p>Visits so far: 12</p><p>Orders this month: 3</p>',
      'http://market.test/',
    );
    expect(fill(counter, fields({ visits: 'number', orders: 'number' })).value).toEqual({
      visits: 12,
      orders: 3,
    });
    // A first column that a field names stays that field's.
    expect(fill(page, list('events', ['date', 'name'])).value).toEqual({
      events: [{ date: '1 May', name: null }],
    });
  });

  it('reads the price a card sells at, not the one it strikes through, and its addresses absolute', () => {
    const card = (name: string, price: string) =>
      `<li class="card"><a href="/p/${name}"><img src="img/${name}.jpg" alt=""><h3>${name}</h3></a><span class="price">${price}</span></li>`;
    const page = parsePage(
      `<html><body><ul>${card('Ceymar', '£39.99')}${card('Sienna', '<s>£45.00</s> £35.00')}${card('Battle', '<del>£130</del><ins>£119</ins>')}</ul></body></html>`,
      'http://shop.test/reels/',
    );
    const product = fields({
      name: 'string',
      price: 'number',
      original_price: 'number',
      url: 'string',
      image: 'string',
    });
    const schema: JsonSchema = {
      type: 'object',
      properties: { products: { type: 'array', items: product } },
    };
    const item = (name: string, price: number, original: number | null) => ({
      name,
      price,
      original_price: original,
      url: `http://shop.test/p/${name}`,
      image: `http://shop.test/reels/img/${name}.jpg`,
    });
    expect(fill(page, schema).value).toEqual({
      products: [item('Ceymar', 39.99, null), item('Sienna', 35, 45), item('Battle', 119, 130)],
    });
  });

  it("fills an FAQ's questions and answers from disclosure widgets, and from headings that ask", () => {
    const faq = list('faq', ['question', 'answer']);
    const widgets = parsePage(
      `<html><body><h2>FAQ</h2><details><summary>When is high tide?</summary><p>Twice a day.</p></details>
       <details><summary>Is it safe to swim?</summary><p>Only at the marked beaches.</p></details></body></html>`,
      'http://harbour.test/faq',
    );
    expect(fill(widgets, faq).value).toEqual({
      faq: [
        { question: 'When is high tide?', answer: 'Twice a day.' },
        { question: 'Is it safe to swim?', answer: 'Only at the marked beaches.' },
      ],
    });
    const headings = parsePage(
      `<html><body><h1>Help</h1><p>Ask us anything.</p><h3>Do you deliver?</h3><p>Within 10 miles.</p>
       <h3>Can I pay by card?</h3><p>Yes, every card.</p></body></html>`,
      'http://harbour.test/help',
    );
    expect(fill(headings, faq).value).toEqual({
      faq: [
        { question: 'Do you deliver?', answer: 'Within 10 miles.' },
        { question: 'Can I pay by card?', answer: 'Yes, every card.' },
      ],
    });
  });

  it("fills a field that names a header table's row and column from their cell", () => {
    const page = parsePage(
      `<html><body><h1>Today's prices</h1><table><thead><tr><th>Fish</th><th>Price per kg</th><th>Landed</th></tr></thead>
       <tbody><tr><td>Cod</td><td>$9.50</td><td>Poole</td></tr><tr><td>Haddock</td><td>$11.00</td><td>Brixham</td></tr></tbody></table></body></html>`,
      'http://harbour.test/prices',
    );
    const { value } = fill(
      page,
      fields({ cod_price: 'number', haddockLanded: 'string', mackerel_price: 'number' }),
    );
    expect(value).toEqual({ cod_price: 9.5, haddockLanded: 'Brixham', mackerel_price: null });
  });

  it('fills a product page without product data as the product format reads it, its description, choices and rating', () => {
    const page = parsePage(
      `<html><head><title>Sienna 2500 | Tackle Shop</title>
       <meta name="description" content="Tackle Shop: rods, reels and bait since 1982, delivered next day."></head>
       <body><h1>Shimano Sienna 2500</h1>
       <div class="product-description">A light spinning reel with a front drag, for bass and mullet.</div>
       <div class="price-box"><span class="compare-at">Was £45.00</span> <span class="price">Now £35.00</span></div>
       <p class="stock">In stock – ships today</p>
       <label for="size">Size</label><select id="size"><option value="">Choose a size</option><option>1000</option><option>2500</option></select>
       <button>Add to cart</button><p>Posted 1/5/2026.</p><div><span>4.3 out of 5</span> <span>(1,128 reviews)</span></div></body></html>`,
      'http://shop.test/sienna',
    );
    const { value } = fill(
      page,
      fields({
        name: 'string',
        description: 'string',
        price: 'number',
        original_price: 'number',
        currency: 'string',
        in_stock: 'boolean',
        sizes: 'string[]',
        rating: 'number',
        review_count: 'integer',
      }),
    );
    expect(value).toEqual({
      name: 'Shimano Sienna 2500',
      // The shop's meta description names nothing of the reel: the description the page shows is its.
      description: 'A light spinning reel with a front drag, for bass and mullet.',
      price: 35,
      original_price: 45,
      currency: 'GBP',
      in_stock: true,
      sizes: ['1000', '2500'],
      rating: 4.3,
      review_count: 1128,
    });
  });

  it("fills products on a product's own page with that product, not the cards of others it recommends", () => {
    const page = parsePage(
      `<html><head><meta property="og:type" content="product"><meta property="product:price:amount" content="44.99">
       <meta property="product:price:currency" content="GBP"></head><body><main>
       <h1>Copper Kettle 1.7L</h1><p class="price">£44.99</p><button>Add to basket</button>
       <section class="related"><h2>You may also like</h2>
         <div class="card"><a href="/p/teapot">Copper teapot</a> £29.99</div>
         <div class="card"><a href="/p/mugs">Enamel mugs</a> £12.00</div></section></main></body></html>`,
      'http://hearth.test/kettle',
    );
    expect(fill(page, arrayOf('products', { name: 'string', price: 'number' })).value).toEqual({
      products: [{ name: 'Copper Kettle 1.7L', price: 44.99 }],
    });
  });

  it('fills an array of the kind of thing the page shows with the page itself, when no list of them is on it', () => {
    const kettle = parsePage(
      `<html><head><title>Copper Kettle | Hearth</title>
       <link rel="canonical" href="/kettles/copper"></head><body><h1>Copper Kettle 1.7L</h1>
       <p>Hand-hammered copper.</p><p class="price">£44.99</p><button>Add to basket</button></body></html>`,
      'http://shop.test/kettle?ref=home',
    );
    const products = {
      type: 'object',
      properties: {
        products: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, price: { type: 'number' }, url: { type: 'string' } },
          },
        },
      },
    } as const;
    // Its address is the page's canonical one.
    expect(fill(kettle, products)).toEqual({
      value: {
        products: [{ name: 'Copper Kettle 1.7L', price: 44.99, url: 'http://shop.test/kettles/copper' }],
      },
      missing: [],
    });
    // Not a product page: no item is made up.
    expect(fill(fixturePage('lighthouse'), products)).toEqual({
      value: { products: null },
      missing: ['products'],
    });
    // Not what the page shows: an array of events stays empty on the kettle's page.
    expect(fill(kettle, list('events', ['name', 'date'])).value).toEqual({ events: null });
    // An array named as the heading names the page's thing is of it too, when the page gives what it asks.
    expect(fill(kettle, list('kettles', ['name', 'price'])).value).toEqual({
      kettles: [{ name: 'Copper Kettle 1.7L', price: '44.99' }],
    });
    expect(fill(kettle, list('kettles', ['name', 'capacity', 'colour'])).value).toEqual({ kettles: null });
    // A page without shop markup is one too when its heading names one of them and it gives what they ask;
    // a heading that names many is a page of many.
    const lamp = (heading: string) =>
      parsePage(
        `<main><h1>${heading}</h1><p>A desk lamp made of brass.</p><p>Price: $25</p></main>`,
        'http://shop.test/lamp-a',
      );
    const lamps = list('lamps', ['name', 'price', 'material']);
    const markdown = markdownBlocks('A desk lamp made of brass.');
    expect(fill(lamp('Lamp A'), lamps, markdown).value).toEqual({
      lamps: [{ name: 'Lamp A', price: '$25', material: 'brass' }],
    });
    expect(fill(lamp('Lamps and shades'), lamps, markdown).value).toEqual({ lamps: null });
    // Half of what an item asks is enough; none of it is not.
    expect(fill(lamp('Lamp B'), list('lamps', ['name', 'price', 'wattage'])).value).toEqual({
      lamps: [{ name: 'Lamp B', price: '$25', wattage: null }],
    });
    expect(fill(lamp('Lamp B'), list('lamps', ['name', 'wattage', 'colour'])).value).toEqual({ lamps: null });
  });

  it('reads contact details from the markup made for them: tel and mailto links, address, profiles, logo', () => {
    const page = parsePage(
      `<html><body><header><a href="/"><img src="/img/logo.png" alt="Marsh &amp; Sons"></a></header>
       <main><h1>Visit us</h1><a href="tel:+441202555010">Call: 01202 555 010</a>
       <a href="mailto:hello@marsh.test?subject=Hello">Write to us</a><address>12 The Quay, Poole</address></main>
       <footer><a href="https://www.facebook.com/marsh">Facebook</a> <a href="https://x.com/marsh">X</a>
       <a href="https://www.facebook.com/marsh">f</a> <a href="/blog">Blog</a></footer></body></html>`,
      'http://marsh.test/contact',
    );
    const { value } = fill(
      page,
      fields({
        phone: 'string',
        email: 'string',
        address: 'string',
        social_links: 'string[]',
        logo: 'string',
      }),
    );
    expect(value).toEqual({
      phone: '01202 555 010',
      email: 'hello@marsh.test',
      address: '12 The Quay, Poole',
      social_links: ['https://www.facebook.com/marsh', 'https://x.com/marsh'],
      logo: 'http://marsh.test/img/logo.png',
    });
  });

  it('reads a number offered in the text and an address written out when no link gives them', () => {
    const page = parsePage(
      '<main><p>Call us on +44 1947 600 100 or write to hello@ropes.test.</p></main><footer>Since 1952</footer>',
      'http://ropes.test/about',
    );
    expect(fill(page, fields({ phone: 'string', email: 'string' })).value).toEqual({
      phone: '+44 1947 600 100',
      email: 'hello@ropes.test',
    });
  });

  it('reads each label of a line that holds several, up to the end of its sentence', () => {
    const page = parsePage(
      '<main><p>CEO: Alan Tern. Annual revenue: £3.2 million (2024).</p></main>',
      'http://ropes.test/about',
    );
    expect(fill(page, fields({ ceo: 'string', annual_revenue: 'string' })).value).toEqual({
      ceo: 'Alan Tern',
      annual_revenue: '£3.2 million (2024).',
    });
  });

  it("fills what no label names from the main content's sentences: founding, founder, staff, counts", () => {
    const markdown = markdownBlocks(
      '# About Harbour Ropes',
      'Harbour Ropes was founded in 1952 by Mary Tern in Whitby. Today we employ 1,200 people and ship to 23 countries.',
      'We make 12 products, each tested for 48 hours.',
    );
    const page = parsePage(`<main>${markdown}</main><nav>Basket (2 items)</nav>`, 'http://ropes.test/about');
    const schema = fields({
      year_founded: 'integer',
      founder: 'string',
      employees: 'integer',
      countries: 'integer',
      total_products: 'integer',
      items: 'integer',
    });
    expect(fill(page, schema, markdown).value).toEqual({
      year_founded: 1952,
      founder: 'Mary Tern',
      employees: 1200,
      countries: 23,
      total_products: 12,
      // The basket is in the menu, not the main content: no count of items.
      items: null,
    });
  });

  it("reads an article's date from its metadata whatever one word or two name it", () => {
    const page = parsePage(
      `<html><head><meta property="article:published_time" content="2026-11-02T09:00:00Z">
       <meta property="article:modified_time" content="2026-11-20T10:00:00Z"></head>
       <body><article><h1>How harbour tides work</h1><p>Tides rise and fall.</p></article></body></html>`,
      'http://tides.test/blog/tides',
    );
    const when = '2026-11-02T09:00:00Z';
    expect(
      fill(
        page,
        fields({ published: 'string', date: 'string', published_at: 'string', publication_date: 'string' }),
      ).value,
    ).toEqual({ published: when, date: when, published_at: when, publication_date: when });
  });

  it("reads an article's author and date from its byline when no metadata names them, and a listing's teasers with their words", () => {
    const post = parsePage(
      `<main><article><h1>New sensors on 40 quays</h1>
       <p class="byline">By Ingrid Solberg · <time datetime="2026-10-02">2 October 2026</time></p>
       <p>By 2027 every quay in Rotterdam will report each 10 seconds.</p></article></main>`,
      'http://tides.test/blog/sensors',
    );
    expect(fill(post, fields({ author: 'string', date_published: 'string' })).value).toEqual({
      author: 'Ingrid Solberg',
      date_published: '2026-10-02',
    });
    // The post is the one item of a blog's `posts` (an extract job merges it into the blog's card of it).
    expect(fill(post, arrayOf('posts', { title: 'string', author: 'string', date: 'string' })).value).toEqual(
      {
        posts: [{ title: 'New sensors on 40 quays', author: 'Ingrid Solberg', date: '2026-10-02' }],
      },
    );
    // No byline, no article data: its one <article> around its title, or its publication time, says so.
    const unsigned = (head: string, body: string) =>
      parsePage(
        `<html><head>${head}</head><body><main>${body}</main></body></html>`,
        'http://tides.test/guides/pools',
      );
    const pools = '<h1>Tide pools</h1><p>Tide pools form where the sea retreats.</p>';
    const articles = arrayOf('articles', { title: 'string', date: 'string' });
    expect(fill(unsigned('', `<article>${pools}</article>`), articles).value).toEqual({
      articles: [{ title: 'Tide pools', date: null }],
    });
    expect(
      fill(
        unsigned('<meta property="article:published_time" content="2026-10-01T08:00:00Z">', pools),
        articles,
      ).value,
    ).toEqual({ articles: [{ title: 'Tide pools', date: '2026-10-01T08:00:00Z' }] });
    expect(fill(unsigned('', pools), articles).value).toEqual({ articles: null });
    // A byline that writes its date as text, with no <time>; a field may name the date by one word.
    const plain = parsePage(
      `<main><article><h1>How harbour tides work</h1><p class="byline">By Ada Lovelace, 2 November 2026</p>
       <p>Tides are the rise and fall of sea levels.</p></article></main>`,
      'http://tides.test/blog/tides',
    );
    expect(fill(plain, fields({ author: 'string', published: 'string' })).value).toEqual({
      author: 'Ada Lovelace',
      published: '2 November 2026',
    });
    // A thread has a byline too, but many authors write on it: it is no one post.
    const reply = (author: string, text: string) =>
      `<div class="reply"><span class="author">${author}</span><p>${text}</p></div>`;
    const thread = parsePage(
      `<main><h1>Best tide app?</h1><p class="byline">By Ingrid Solberg</p>
       ${reply('Tomas Berg', 'Harbour Labs, easily.')}${reply('Mary Tern', 'I use the paper tables.')}
       ${reply('Alan Quay', 'Both, at sea.')}</main>`,
      'http://forum.test/t/tide-app',
    );
    expect(fill(thread, arrayOf('posts', { title: 'string', date: 'string' })).value).toEqual({
      posts: null,
    });
    const blog = parsePage(
      `<main><h1>Blog</h1>
       <article><h2><a href="/blog/sensors">New sensors on 40 quays</a></h2><time datetime="2026-10-02">2 Oct</time>
         <p>We added radar sensors in Rotterdam.</p><p>3 min read</p></article>
       <article><h2><a href="/blog/api">API v2 is out</a></h2><time datetime="2026-08-14">14 Aug</time>
         <p>Webhooks and ten years of historic data.</p></article></main>`,
      'http://tides.test/blog',
    );
    const schema = {
      type: 'object',
      properties: {
        date: { type: 'string' },
        ...arrayOf('posts', { title: 'string', url: 'string', excerpt: 'string' }).properties,
      },
    } as JsonSchema;
    expect(fill(blog, schema).value).toEqual({
      // Two teasers' dates are no date of the page.
      date: null,
      posts: [
        {
          title: 'New sensors on 40 quays',
          url: 'http://tides.test/blog/sensors',
          excerpt: 'We added radar sensors in Rotterdam.',
        },
        {
          title: 'API v2 is out',
          url: 'http://tides.test/blog/api',
          excerpt: 'Webhooks and ten years of historic data.',
        },
      ],
    });
  });

  it('reads every founder named after the founding year and place', () => {
    const markdown = markdownBlocks(
      '# About Tidewater',
      'Tidewater was founded in 2019 in Bergen, Norway by Ingrid Solberg and Tomas Berg.',
    );
    const page = parsePage(`<main>${markdown}</main>`, 'http://tidewater.test/about');
    const schema = fields({ founded_year: 'integer', founders: 'string[]', founded_by: 'string' });
    expect(fill(page, schema, markdown).value).toEqual({
      founded_year: 2019,
      founders: ['Ingrid Solberg', 'Tomas Berg'],
      founded_by: 'Ingrid Solberg and Tomas Berg',
    });
  });

  it("fills a job posting's lists from the sections postings head in their own words", () => {
    const page = parsePage(
      `<main><h1>Senior Backend Engineer</h1>
       <p><strong>Job type:</strong> Full-time</p><p><strong>Location:</strong> Bristol</p>
       <h2>What you'll do</h2><ul><li>Build APIs in Go</li><li>Run NATS in production</li></ul>
       <h2>What we're looking for</h2><ul><li>5+ years building backends</li></ul>
       <h2>Perks</h2><ul><li>30 days holiday</li><li>A matched pension</li></ul></main>`,
      'http://jobs.test/42',
    );
    const schema = fields({
      employmentType: 'string',
      location: 'string',
      responsibilities: 'string[]',
      requirements: 'string[]',
      benefits: 'string[]',
    });
    expect(fill(page, schema).value).toEqual({
      employmentType: 'Full-time',
      location: 'Bristol',
      responsibilities: ['Build APIs in Go', 'Run NATS in production'],
      requirements: ['5+ years building backends'],
      benefits: ['30 days holiday', 'A matched pension'],
    });
  });

  it("fills a product's price from an offer's lowest price and from OpenGraph, never its name from a breadcrumb", () => {
    const schema = fields({ name: 'string', price: 'number', currency: 'string' });
    const seeds = parsePage(
      `<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [
         {"@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem", "position": 1, "item": {"name": "Home", "@id": "http://shop.test/"}}]},
         {"@type": "Product", "name": "Sunflower Seeds", "offers": [{"@type": "AggregateOffer", "lowPrice": "2.98", "highPrice": "79.98", "priceCurrency": "GBP"}]}]}</script>
       <h1>Sunflower Seeds</h1><div class="promo"><b>Free delivery</b> over £39</div><div class="promo"><b>Gift wrap</b> for £2</div>`,
      'http://shop.test/seeds',
    );
    expect(fill(seeds, schema).value).toEqual({ name: 'Sunflower Seeds', price: 2.98, currency: 'GBP' });
    // The page's Product, priced by its offer's lowest price, is its one product, not a run of promotions.
    expect(fill(seeds, arrayOf('products', { name: 'string', price: 'number' })).value).toEqual({
      products: [{ name: 'Sunflower Seeds', price: 2.98 }],
    });
    const tee = parsePage(
      `<meta property="og:type" content="product"><meta property="og:title" content="Staple Tee">
       <meta property="product:price:amount" content="20.00"><meta property="product:price:currency" content="USD">
       <script type="application/ld+json">{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Home", "item": "http://shop.test/"}]}</script>
       <h1>Staple Tee</h1>`,
      'http://shop.test/tee',
    );
    expect(fill(tee, schema).value).toEqual({ name: 'Staple Tee', price: 20, currency: 'USD' });
  });

  it("fills an article's tags from its rel=tag links, and from its keywords", () => {
    const schema = fields({ tags: 'string[]' });
    const post = parsePage(
      `<article><h1>Catering trends</h1><p>Menus grow greener.</p>
       <p>Tagged: <a rel="tag" href="/t/catering">catering</a>, <a rel="tag" href="/t/trends">trends</a></p></article>`,
      'http://blog.test/trends',
    );
    expect(fill(post, schema).value).toEqual({ tags: ['catering', 'trends'] });
    const news = parsePage(
      '<meta name="keywords" content="harbour, ropes, knots"><h1>Ropes</h1>',
      'http://news.test/ropes',
    );
    expect(fill(news, schema).value).toEqual({ tags: ['harbour', 'ropes', 'knots'] });
  });

  it("reads an item with a nested list, and a section's paragraphs, with the words of each block apart", () => {
    const page = parsePage(
      `<article><h1>Lemon Tart</h1>
       <h2>Ingredients</h2><ul><li>3 lemons</li><li>4 eggs<ul><li>at room temperature</li></ul></li></ul>
       <h2>Storage</h2><div><p>Keeps two days.</p><p>Chill it first.</p></div></article>`,
      'http://kitchen.test/tart',
    );
    expect(fill(page, fields({ ingredients: 'string[]', storage: 'string' })).value).toEqual({
      ingredients: ['3 lemons', '4 eggs at room temperature'],
      storage: 'Keeps two days. Chill it first.',
    });
  });
  it('reads touching inline elements apart where the page shows them apart, and a styled part of a word with it', () => {
    const page = parsePage(
      `<main><h1><span class="brand">La Sportiva</span><span class="model">Aragon</span></h1>
       <h2>Features</h2><ul><li><b>S</b>turdy uppers</li><li><span>un</span>believable grip</li></ul></main>`,
      'http://shop.test/aragon',
    );
    expect(fill(page, fields({ name: 'string', features: 'string[]' })).value).toEqual({
      name: 'La Sportiva Aragon',
      features: ['Sturdy uppers', 'unbelievable grip'],
    });
  });
  it("fills a company's mission and the yes/no fields its sentences settle, and claims nothing it does not say", () => {
    const markdown = markdownBlocks(
      '# Live tide data for every port',
      'Our mission is to make every harbour safer with open tide data.',
      'The whole platform is open-source. Enterprise plans add single sign-on and audit logs.',
      'Harbour Labs is backed by Y Combinator. We do not offer a free tier.',
      'Your company can start with a trial. Typical cases are ports and marinas.',
      'Every plan comes with a 14-day free trial and an open API.',
    );
    const page = parsePage(`<main>${markdown}</main>`, 'http://harbour.test/');
    const schema = fields({
      company_mission: 'string',
      free_trial: 'boolean',
      api_access: 'boolean',
      supports_sso: 'boolean',
      is_open_source: 'boolean',
      is_in_yc: 'boolean',
      has_free_tier: 'boolean',
      has_mobile_app: 'boolean',
      supports_cc: 'boolean',
      use_cases: 'string',
    });
    expect(fill(page, schema, markdown).value).toEqual({
      company_mission: 'Our mission is to make every harbour safer with open tide data.',
      // Yes/no fields named without a verb: what they name is claimed all the same.
      free_trial: true,
      api_access: null,
      supports_sso: true,
      is_open_source: true,
      is_in_yc: true,
      has_free_tier: false,
      has_mobile_app: null,
      // "Your company" opens a sentence: no initials of a name.
      supports_cc: null,
      // Named like a claim ("use cases"), but a string: no yes/no fills it.
      use_cases: null,
    });
  });

  it("fills a product's sizes, weight and material from its sentences, in the unit a field names", () => {
    const markdown = markdownBlocks(
      '# Harbour lamp',
      'A handmade lamp, 18 cm tall and 12 cm wide, made of solid brass and finished by hand. It weighs just 2.5 kg.',
    );
    const page = parsePage(`<main>${markdown}</main>`, 'http://ropes.test/lamp');
    const schema = fields({
      height: 'string',
      height_cm: 'number',
      width_in: 'number',
      weight_kg: 'number',
      weight_lb: 'number',
      depth_cm: 'number',
      material: 'string',
    });
    expect(fill(page, schema, markdown).value).toEqual({
      height: '18 cm',
      height_cm: 18,
      // Converted: a field that names its unit never gets another unit's number.
      width_in: 4.72,
      weight_kg: 2.5,
      weight_lb: 5.51,
      depth_cm: null,
      material: 'solid brass',
    });
    // Where it was made is no material.
    const madeIn = markdownBlocks('# Harbour lamp', 'Made in Italy from the finest parts.');
    expect(
      fill(
        parsePage(`<main>${madeIn}</main>`, 'http://ropes.test/lamp'),
        fields({ material: 'string' }),
        madeIn,
      ).value,
    ).toEqual({ material: null });
  });

  it('fills the company name from the title or the site name, and its headquarters and years at work from sentences', () => {
    const markdown = markdownBlocks(
      '# About us',
      'We have made rope on the quay since 1952. Our headquarters are in Port Isaac, on the harbourside.',
    );
    const schema = fields({ company_name: 'string', headquarters: 'string', founded: 'integer' });
    const titled = parsePage(
      `<title>About us | Harbour Ropes</title><main>${markdown}</main>`,
      'http://ropes.test/about',
    );
    expect(fill(titled, schema, markdown).value).toEqual({
      company_name: 'Harbour Ropes',
      headquarters: 'Port Isaac',
      founded: 1952,
    });
    // A nested company's name is the company's, not the page heading's ("About us").
    const nested = {
      type: 'object',
      properties: {
        company: { type: 'object', properties: { name: { type: 'string' }, founded: { type: 'integer' } } },
      },
    } as const;
    expect(fill(titled, nested, markdown).value).toEqual({
      company: { name: 'Harbour Ropes', founded: 1952 },
    });
    // The organisation's own name outranks the site's, which outranks the title's.
    const marked = parsePage(
      `<head><title>About us | Ropes</title><meta property="og:site_name" content="Harbour Ropes Shop">
       <script type="application/ld+json">{"@type": "Organization", "name": "Harbour Ropes Ltd"}</script></head>`,
      'http://ropes.test/about',
    );
    expect(fill(marked, fields({ company_name: 'string', organization: 'string' })).value).toEqual({
      company_name: 'Harbour Ropes Ltd',
      organization: 'Harbour Ropes Ltd',
    });
    // A street address is a place too.
    const office = markdownBlocks('Our head office is at 12 Mill Street, Leeds. We employ 48 people.');
    expect(
      fill(parsePage(`<main>${office}</main>`, 'http://ropes.test/'), schema, office).value,
    ).toMatchObject({ headquarters: '12 Mill Street, Leeds' });
    // "since" names a founding only when the subject has been at it: prices that rose since 2020 do not.
    const prices = markdownBlocks('Prices rose since 2020 across the harbour.');
    expect(
      fill(parsePage(`<main>${prices}</main>`, 'http://ropes.test/'), schema, prices).value,
    ).toMatchObject({
      founded: null,
    });
  });

  it('reads microdata and OpenGraph, and matches enums and lists', () => {
    const page = parsePage(
      `<html><head><meta property="og:title" content="Blue Mug"><meta property="og:image" content="/mug.jpg"></head>
       <body><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Blue Mug</span>
       <span itemprop="color">Navy blue</span><meta itemprop="sku" content="MUG-7"></div>
       <h2>Tags</h2><ul><li>kitchen</li><li>ceramic</li></ul></body></html>`,
      'http://shop.test/mug',
    );
    const { value, missing } = fill(page, {
      type: 'object',
      properties: {
        name: { type: 'string' },
        sku: { type: 'string' },
        color: { type: 'string', enum: ['red', 'blue', 'green'] },
        image: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
        stock: { type: 'integer' },
      },
    });
    expect(value).toEqual({
      name: 'Blue Mug',
      sku: 'MUG-7',
      color: 'blue',
      // Made absolute against the page, as everywhere else.
      image: 'http://shop.test/mug.jpg',
      tags: ['kitchen', 'ceramic'],
      stock: null,
    });
    expect(missing).toEqual(['stock']);
  });

  it("takes a field from the page's subject, not the site's Organization listed before it", () => {
    // The fixture's @graph names the Organization first; only the product group's offers hold a price.
    const { value } = fill(fixturePage('product'), {
      type: 'object',
      properties: { name: { type: 'string' }, price: { type: 'number' } },
    });
    expect(value).toEqual({ name: 'Trailhead 2 Hiking Boot', price: 149 });
    // A shop page without product data: the site's Organization names the company, not the product.
    const oil = parsePage(
      `<html><head><title>Beard Oil | Beardbrand</title><script type="application/ld+json">
        {"@type":"Organization","name":"Beardbrand","url":"https://beardbrand.test"}</script></head>
       <body><h1>Beard Oil</h1><p class="price">$32</p><button>Add to cart</button></body></html>`,
      'http://beardbrand.test/products/beard-oil',
    );
    expect(fill(oil, fields({ name: 'string', price: 'number', company_name: 'string' })).value).toEqual({
      name: 'Beard Oil',
      price: 32,
      company_name: 'Beardbrand',
    });
  });
});
