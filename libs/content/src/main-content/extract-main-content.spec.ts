import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { parseHtml } from '#structured';
import { removeBoilerplate } from '../clean/boilerplate-floor.js';
import { toMarkdown } from '../markdown/to-markdown.js';
import { CLASSIFIER_FEATURE_NAMES, type ExtractionModel } from './block-classifier.js';
import { extractMainContent, readPage } from './extract-main-content.js';
import { PAGE_TYPES, PAGE_VECTOR_NAMES } from './page-type.js';

const options = { url: 'https://site.test/post' };
const sentence = (topic: string) =>
  `The ${topic} changes with the seasons, and the people who live near it know its moods well. `;
const prose = (topic: string, paragraphs = 4) =>
  Array.from({ length: paragraphs }, () => `<p>${sentence(topic).repeat(2)}</p>`).join('');
const linkList = (labels: string[]) =>
  `<ul>${labels.map((label) => `<li><a href="/${label}">${label}</a></li>`).join('')}</ul>`;

function text(tree: Root): string {
  return toMarkdown(tree, { removeBase64Images: true });
}

describe('extractMainContent', () => {
  it('keeps the marked article and drops related, promo and comment-form blocks inside it', () => {
    const tree = parseHtml(`<body>
      <div class="masthead">${linkList(['World', 'Sport', 'Weather', 'Travel'])}</div>
      <article><h1>The estuary</h1>${prose('estuary')}
        <div class="related-stories">${linkList(['Rivers', 'Lakes'])}</div>
        <div class="promo">Subscribe for 1 euro a month, cancel any time you like, no questions asked at all.</div>
        <form class="comment-form"><p>Leave a comment, but please be kind to the other readers here.</p></form>
      </article></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^# The estuary\n\nThe estuary changes/);
    for (const boilerplate of ['Weather', 'Lakes', 'Subscribe', 'Leave a comment']) {
      expect(result).not.toContain(boilerplate);
    }
  });

  it('keeps the text written straight into `<main>` beside its heading and paragraphs, on small pages and large', () => {
    const page = (paragraphs: string) =>
      parseHtml(`<body><nav>${linkList(['Home', 'Shop', 'About'])}</nav>
        <main><h1>Our ropes</h1><img src="/coil.jpg" alt="A coil"> Every rope we sell is spun on the quay from hemp
        grown inland, and each coil is tested before it leaves the loft.<p>We have made rope here since 1952.</p>${paragraphs}</main>
        <footer>Harbour Ropes</footer></body>`);
    for (const paragraphs of ['', prose('ropewalk', 3)]) {
      const result = text(extractMainContent(page(paragraphs), options));
      expect(result).toMatch(
        /^# Our ropes\n\n!\[A coil\]\(\/coil.jpg\) Every rope we sell .* the loft\.\n\nWe have made rope/,
      );
      expect(result).not.toContain('Shop');
    }
  });

  it('finds unmarked content by its prose and keeps the title heading that sits outside it', () => {
    const tree = parseHtml(`<body>
      <div class="top-bar"><h1>Mountain huts</h1><p>By the editors</p></div>
      <div class="links">${linkList(['Alps', 'Pyrenees', 'Tatra', 'Dolomites', 'Rockies'])}</div>
      <div class="entry-content">${prose('mountain', 6)}</div>
      <div class="blogroll">${linkList(['Friends', 'Archive', 'Feeds'])}</div></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^# Mountain huts\n\nThe mountain changes/);
    expect(result).not.toContain('Pyrenees');
    expect(result).not.toContain('Archive');
  });

  it('keeps the whole page when its pick would be implausibly small, without what the page hides', () => {
    const tree = parseHtml(
      `<body><div class="share-tools">${prose('lake', 3)}</div><div hidden><p>Sign in to save lakes you like.</p></div></body>`,
    );
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('The lake changes');
    expect(result).not.toContain('Sign in');
    // Nothing but the title kept: the whole page, still without its hidden parts.
    const bare = parseHtml(
      '<body><h1>Lake</h1><div hidden><p>Sign in to save lakes you like.</p></div></body>',
    );
    expect(text(extractMainContent(bare, options))).toBe('# Lake');
  });

  it('keeps the whole page when the classifier keeps nothing but a title that is not the first block', () => {
    // A model that judges every block boilerplate: only the title is left of the pick.
    const judgesAllBoilerplate: ExtractionModel = {
      pageTypes: PAGE_TYPES.map(() => ({ features: PAGE_VECTOR_NAMES, bias: 0, trees: [] })),
      blocks: { features: CLASSIFIER_FEATURE_NAMES, bias: -1000, trees: [] },
      lexicon: {},
    };
    const tree = parseHtml(`<body><p>Lakes of the north</p><h1>Lake</h1>${prose('lake', 8)}</body>`);
    const result = text(extractMainContent(tree, { ...options, extractionModel: judgesAllBoilerplate }));
    expect(result).toContain('Lakes of the north');
    expect(result).toContain('The lake changes');
  });

  it("shows a product's details from the closed accordion they are in, and drops the hidden menus", () => {
    const details = [
      'The kettle is made of brushed steel with a walnut handle that stays cool while the water boils.',
      'It holds 1.7 litres, boils a full load in about four minutes and switches itself off when dry.',
      'The base turns all the way round, so it sits as well for left-handed people as for anyone else.',
      'A limescale filter sits in the spout and lifts out for rinsing under the tap once a month or so.',
      'The window on the side shows the water level in cups, so you boil only what you pour.',
      'Every kettle is tested in the workshop before it is boxed, and comes with a five-year guarantee.',
    ];
    const menu = [
      'Kettles',
      'Toasters',
      'Coffee makers',
      'Blenders',
      'Mixers',
      'Juicers',
      'Grills',
      'Scales',
    ];
    const tree =
      parseHtml(`<body><header><div class="mega-menu" style="display:none">${linkList(menu)}${linkList(menu.map((item) => `${item} sale`))}</div></header>
      <main><div class="product-info"><h1>Steel kettle</h1><p>A quiet kettle for every kitchen, from our own workshop.</p>
        <button aria-controls="details">Description</button>
        <div id="details" class="accordion__panel" role="region" aria-labelledby="details-button" hidden>${details.map((line) => `<p>${line}</p>`).join('')}</div>
        <button aria-controls="care">Care</button>
        <div id="care" class="accordion__panel" role="region" aria-labelledby="care-button" hidden><p>${'Descale it with a mix of water and vinegar, then boil clean water twice before use. '.repeat(3)}</p></div>
      </div></main>
      <div class="cart-drawer" aria-hidden="true"><p>Your basket is empty.</p>${linkList(['Checkout', 'Continue shopping'])}</div></body>`);
    const result = extractMainContent(tree, { ...options, product: {} });
    const markdown = text(result);
    expect(markdown).toContain('# Steel kettle');
    expect(markdown).toContain('The kettle is made of brushed steel');
    expect(markdown).toContain('Descale it with a mix');
    for (const menuItem of ['Toasters', 'Juicers sale', 'basket is empty', 'Continue shopping'])
      expect(markdown).not.toContain(menuItem);
    // Kept hidden content is shown: the html format must not hide it either.
    expect(toHtml(result)).not.toMatch(/hidden|display:\s*none/);
  });

  it('on a short product page, still shows the details from a closed accordion (the classifier judges from 500 characters)', () => {
    const details = [
      'Brushed steel body with a walnut handle that stays cool while the water boils.',
      'Holds 1.7 litres and switches itself off when the water has boiled dry.',
      'A limescale filter sits in the spout and lifts out for rinsing under the tap.',
      'Tested in our workshop before it is boxed, with a five-year guarantee.',
      'The window on the side shows the water level in cups, so you boil only what you pour.',
      'The base turns all the way round, so it suits left-handed people as well as anyone else.',
    ];
    const html = `<body><main><div class="product-info"><h1>Steel kettle</h1><p>A quiet kettle for every kitchen, from our own workshop.</p>
      <p class="price">£89.00</p><button aria-controls="details">Details</button>
      <div id="details" class="accordion__panel" hidden>${details.map((line) => `<p>${line}</p>`).join('')}</div></div></main>
      <div class="cart-drawer" aria-hidden="true"><p>Your basket is empty.</p>${linkList(['Checkout', 'Continue shopping'])}</div></body>`;
    expect(readPage(parseHtml(html), options).text).toBeGreaterThan(500);
    const markdown = text(extractMainContent(parseHtml(html), { ...options, product: {} }));
    expect(markdown).toContain('# Steel kettle');
    for (const line of details) expect(markdown).toContain(line);
    expect(markdown).not.toContain('basket is empty');
  });

  it('narrows to the marked content a reader sees, never to a <main> inside a closed drawer', () => {
    const page = readPage(
      parseHtml(`<body><div class="quick-view" hidden><main>${prose('orchard', 3)}</main></div>
        <div class="links">${linkList(['Seeds', 'Tools', 'Soil'])}</div>
        <article><h1>Fruit trees</h1>${['apple', 'pear', 'plum'].map((fruit) => prose(`${fruit} tree`, 1)).join('')}</article></body>`),
      options,
    );
    const keptText = page.blocks.filter((_, index) => page.keptByRules[index]).map((block) => block.text);
    expect(keptText).toContain('Fruit trees');
    expect(keptText.filter((text) => /^The (?:apple|pear|plum) tree/.test(text))).toHaveLength(3);
    expect(keptText.join(' ')).not.toMatch(/Seeds|orchard/);
  });

  it('keeps the spaces a highlighter writes as spans, in code and between words', () => {
    const tree = parseHtml(`<body><main><h1>Monitoring</h1>${prose('cluster', 2)}
      <p>Run <strong>celery</strong><span class="w"> </span><em>inspect</em> to list the workers of the cluster.</p>
      <div class="highlight"><pre><span></span><span class="gp">$ </span>celery<span class="w"> </span>-A<span class="w"> </span>proj<span class="w">  </span>status
</pre></div></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('```\n$ celery -A proj  status\n```');
    expect(result).toContain('Run **celery** _inspect_ to list');
  });

  it('keeps a line break an editor wrapped in bold, but none for an emptied list item', () => {
    const tree = parseHtml(`<body><main><h1>Notes</h1>
      <ul><li><a href="/a">About</a></li><li><br></li><li><a href="/b">Blog</a></li><li><a href="/c">Home</a></li></ul>
      ${prose('harbour', 3)}
      <p><em><strong>Every harbour is different.</strong></em><strong><br></strong><span>Not because of the tide alone.</span></p>
      ${prose('tide', 2)}</main></body>`);
    const content = extractMainContent(tree, options);
    // The menu's emptied items leave no stray <br> between the blocks (the html format shows it).
    expect(toHtml(content).match(/<br>/g)).toHaveLength(1);
    expect(text(content)).toContain('_**Every harbour is different.**_\\\nNot because of the tide alone.');
  });

  it('on a small page, judged by the rules, keeps no hidden block', () => {
    const tree = parseHtml(`<body><main><h1>Pond</h1>${prose('pond', 2)}
      <div style="display:none"><p>Shop the whole range of pond liners and pumps here today.</p></div></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('The pond changes');
    expect(result).not.toContain('pond liners');
  });
  it('drops form controls: size pickers, quantity boxes and buttons are operated, not read', () => {
    const tree = parseHtml(`<body><main><h1>Trail shoe</h1>${prose('trail shoe')}
      <form><select><option>Size 8</option><option>Size 9</option></select>
      <input type="number" value="1"><button>Add to basket now</button></form></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('The trail shoe changes');
    for (const control of ['Size 8', 'Add to basket']) expect(result).not.toContain(control);
  });

  it('drops the sections that related, recommended and comment headings open', () => {
    const tree = parseHtml(`<body><article><h1>The harbour</h1>${prose('harbour')}
      <h2>How the harbour was built</h2>${prose('quay', 2)}
      <h2>You may also like</h2><p>A long teaser about another harbour somewhere else on the coast entirely.</p>
      <h2>Sources</h2><p>The harbour authority, annual report of the year, second edition.</p>
      <section><h3>3 Comments</h3><p>Great article, I visited the harbour last summer and loved it.</p></section>
      </article></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('## How the harbour was built');
    expect(result).toContain('The harbour authority');
    for (const boilerplate of ['You may also like', 'another harbour', 'Comments', 'Great article']) {
      expect(result).not.toContain(boilerplate);
    }
  });

  it('keeps one copy of blocks the page repeats (mobile and desktop copies of a product box)', () => {
    const box = `<div class="summary"><h2>Wool runner</h2><p>A soft merino shoe for every day, washable and light.</p></div>`;
    const tree = parseHtml(`<body><main><div class="mobile">${box}</div><div class="desktop">${box}</div>
      ${prose('merino', 3)}</main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result.match(/A soft merino shoe/g)).toHaveLength(1);
    expect(result).toContain('The merino changes');
  });

  it('ignores a marked region that is mostly links, and keeps the unpruned region over the whole page', () => {
    const tree =
      parseHtml(`<body><main>${linkList(['Shop', 'Men', 'Women', 'Kids', 'Sale', 'Brands', 'Gifts'])}</main>
      <div class="story">${prose('meadow', 5)}</div></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^The meadow changes/);
    expect(result).not.toContain('Brands');
  });
  it('keeps every post of a thread of short posts, and no consent dialog however long', () => {
    const post = (author: string, words: string) =>
      `<div class="post"><div class="author"><a href="/u/${author}">${author}</a></div><div class="body"><p>${words}, and that is all I have to say about it.</p></div></div>`;
    const tree = parseHtml(`<body>
      <div class="top-links">${linkList(['Forums', 'Search', 'Members', 'Sign in'])}</div>
      <div class="thread"><h1>Fan noise</h1>${post('ann', 'My fan is loud at idle')}${post('bob', 'Try the quiet profile')}${post('cy', 'Same here, a BIOS update fixed it')}</div>
      <div id="onetrust-consent-sdk"><div class="pc">${prose('cookie', 6)}</div></div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const words of ['My fan is loud', 'quiet profile', 'BIOS update']) expect(result).toContain(words);
    expect(result).not.toContain('cookie');
    expect(result).not.toContain('Members');
  });

  it('drops overlays longer than the page (terms of use, sign-up, a closed language menu), unless the page itself is in one', () => {
    // Dialogs go with the floor, which convertPage runs first.
    const afterFloor = (tree: Root) => {
      removeBoilerplate(tree);
      return extractMainContent(tree, options);
    };
    const page = (dialog: string) =>
      parseHtml(`<body><div class="product"><h1>Wool runner</h1>${prose('wool', 2)}</div>
        <a href="#terms">Terms</a>${dialog}</body>`);
    const modals = [
      `<div role="dialog" aria-modal="true" class="z-50"><h2>Terms of use</h2>${prose('terms', 8)}</div>`,
      `<dialog><h2>Join the club</h2>${prose('newsletter', 8)}</dialog>`,
      // A terms document with its own title: the page's title is the first h1.
      `<div aria-modal="true"><h1>Terms of use</h1>${prose('terms', 8)}</div>`,
    ];
    for (const modal of modals) {
      const result = text(afterFloor(page(modal)));
      expect(result).toContain('The wool changes');
      expect(result).not.toMatch(/terms changes|newsletter changes/);
    }
    // A closed dropdown (a language picker) goes; a closed accordion is content.
    const dropdown = parseHtml(`<body><div class="product"><h1>Wool runner</h1>${prose('wool', 2)}
      <details class="select-menu"><summary>Language</summary>${prose('language', 8)}</details>
      <details class="faq"><summary>Care</summary>${prose('washing', 1)}</details></div></body>`);
    const picked = text(extractMainContent(dropdown, options));
    expect(picked).not.toContain('language changes');
    expect(picked).toContain('washing changes');
    const inDialog =
      parseHtml(`<body><div role="dialog"><h1>Quick view: wool runner</h1>${prose('wool', 4)}</div>
      <div class="nav">${linkList(['Men', 'Women', 'Sale'])}</div></body>`);
    expect(text(afterFloor(inDialog))).toContain('The wool changes');
  });
  it('drops the text only screen readers get', () => {
    const tree = parseHtml(`<body><a class="screen-reader-text" href="#main">Skip to content</a>
      <div class="post"><h1>The estuary</h1>${prose('estuary', 2)}
      <p>Read the <a href="/survey">survey<span class="sr-only"> (opens in a new tab)</span></a> first.</p></div></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('The estuary changes');
    expect(result).toContain('Read the [survey](/survey) first.');
    expect(result).not.toMatch(/Skip to content|new tab/);
  });

  it('never narrows to a mega menu with blurbs when the grid around it has no prose', () => {
    const menuItem = (label: string) =>
      `<li><a href="/${label}">${label}</a> <a href="/${label}/new">New</a> <a href="/${label}/sale">Sale</a> <a href="/${label}/all">All ${label}</a> <a href="/${label}/top">Top</a> <a href="/${label}/gifts">Gifts</a> <a href="/${label}/brands">Brands</a> <a href="/${label}/outlet">Outlet</a> <span>Shop the ${label} season, best sellers.</span></li>`;
    const card = (name: string) =>
      `<div class="card"><a href="/p/${name}">${name} automatic watch in steel</a><span>$199.00</span></div>`;
    const tree =
      parseHtml(`<body><div class="mega"><ul>${['Rings', 'Chains', 'Pendants'].map(menuItem).join('')}</ul></div>
      <div class="grid"><h1>Watches</h1>${['Orion', 'Lyra', 'Vega', 'Draco', 'Ara', 'Pyxis', 'Lupus', 'Norma'].map(card).join('')}</div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const name of ['Orion', 'Draco', 'Norma']) expect(result).toContain(name);
  });

  it('drops a filter panel of checkboxes but keeps a grid of items that each carry a compare box', () => {
    const facet = (label: string) => `<li><label><input type="checkbox" name="brand">${label}</label></li>`;
    const card = (name: string) =>
      `<div class="card"><a href="/p/${name}">${name} cordless drill with two batteries and a case</a><span>$129.00</span><label><input type="checkbox"> Compare</label></div>`;
    const tree = parseHtml(`<body><h1>Drills</h1>
      <div class="facets"><ul>${['Bosch', 'Makita', 'DeWalt', 'Ryobi', 'Metabo'].map(facet).join('')}</ul></div>
      <div class="grid">${['Falcon', 'Heron', 'Kestrel', 'Osprey', 'Merlin', 'Harrier'].map(card).join('')}</div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const name of ['Falcon', 'Osprey', 'Harrier']) expect(result).toContain(name);
    for (const brand of ['Makita', 'Ryobi']) expect(result).not.toContain(brand);
  });

  it('drops the similar-items and reviews sections of a product page', () => {
    const tree = parseHtml(`<body><main><h1>Trail pack 25</h1>${prose('trail pack', 3)}
      <h2>Technical specs</h2><table><tr><th>Capacity</th><td>25 litres</td></tr><tr><th>Weight</th><td>820 g</td></tr></table>
      <h2>Similar items</h2><ul><li><a href="/p/1">Summit pack 30 with rain cover</a> $89</li><li><a href="/p/2">Day pack 18 in recycled nylon</a> $59</li></ul>
      <h2>Customer reviews</h2><p>Great pack, I carried it up three mountains this summer without a single problem.</p>
      </main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('| Capacity | 25 litres |');
    for (const boilerplate of ['Summit pack', 'Customer reviews', 'three mountains']) {
      expect(result).not.toContain(boilerplate);
    }
  });

  it('keeps a spec table that the content runs on to, whole, though its cells look like labels', () => {
    const specs = [
      ['Capacity', '25 litres'],
      ['Weight', '820 g'],
      ['Fabric', 'Recycled nylon 210D'],
      ['Frame', 'Aluminium stay'],
    ];
    const row = (cells: string[], tag: string) =>
      `<tr>${cells.map((cell) => `<${tag}>${cell}</${tag}>`).join('')}</tr>`;
    const tree = parseHtml(`<body><main><h1>Trail pack 25</h1>${prose('trail pack', 12)}
      <h2>Technical specs</h2><table>${row(
        specs.map(([name]) => name as string),
        'th',
      )}${row(
        specs.map(([, value]) => value as string),
        'td',
      )}</table>
      </main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('| Capacity | Weight | Fabric | Frame |');
    expect(result).toContain('| 25 litres | 820 g | Recycled nylon 210D | Aluminium stay |');
  });

  it('keeps teaser cards whose heading and blurb sit inside the link', () => {
    const teaser = (title: string) =>
      `<div class="card"><a href="/news/${title}"><div><h3>${title} changes how the city moves</h3><p>Residents describe a year of change.</p></div></a></div>`;
    const tree = parseHtml(`<body><h1>Technology</h1>
      <div class="stream">${prose('city', 2)}${['Tram', 'Ferry', 'Cable car', 'Night bus'].map(teaser).join('')}</div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const title of ['Tram changes', 'Cable car changes', 'Night bus changes'])
      expect(result).toContain(title);
  });

  it('keeps a grid whose cards hold a long title link plus a short model-number link, and drops the menu', () => {
    const card = (name: string) =>
      `<li><a href="/p/${name}">${name} trekking pole with cork grip</a> <a href="/p/${name}#spec">TP-${name.length}</a></li>`;
    const tree = parseHtml(`<body>
      <div class="top">${linkList(['Shop', 'Poles', 'Tents', 'Packs', 'Sale', 'Help'])}</div>
      <div class="range"><h1>Trekking poles</h1><ul>${['Alder', 'Birch', 'Cedar', 'Larch', 'Maple', 'Rowan'].map(card).join('')}</ul></div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const name of ['Alder trekking pole', 'Larch trekking pole', 'Rowan trekking pole'])
      expect(result).toContain(name);
    expect(result).not.toContain('Tents');
  });

  it('keeps blocks whose class only says what they have or hide (has-sidebar, hide-read-more-ad)', () => {
    const tree = parseHtml(`<body><main><h1>Science</h1>
      <div class="story-grid hide-read-more-ad">${prose('glacier', 2)}</div>
      <div class="layout has-sidebar">${prose('reef', 2)}</div>
      <div class="ad">Buy a boat today, financing available for every budget and every sea.</div></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('The glacier changes');
    expect(result).toContain('The reef changes');
    expect(result).not.toContain('Buy a boat');
  });

  it('drops an in-page table of contents, however long its entries, and keeps the headings it lists', () => {
    const sections = [
      'Where the river meets the sea',
      'How the tides shape the marsh',
      'Birds of the mud flats',
    ];
    const toc = `<div class="contents"><ol>${sections
      .map((title, index) => `<li><a href="#part-${index}">${title}</a></li>`)
      .join('')}</ol></div>`;
    const body = sections.map((title, index) => `<h2 id="part-${index}">${title}</h2>${prose('estuary', 2)}`);
    const tree = parseHtml(`<body><article><h1>The estuary</h1>${toc}${body.join('')}</article></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('## How the tides shape the marsh');
    expect(result).not.toContain('](#part-1)');
  });

  it('keeps the title when it shares a wrapper with the table of contents under it, and drops the contents', () => {
    const sections = ['When to file', 'Ways to file', 'Refunds'];
    const contents = sections.map((title, index) => `<a href="#part-${index}">${title}</a>`).join('<br>');
    const body = sections.map(
      (title, index) => `<h2 id="part-${index}">${title}</h2>${prose('tax year', 2)}`,
    );
    const tree = parseHtml(
      `<body><main><div class="block"><h1>Filing your taxes</h1><p>${contents}</p></div>${body.join('')}</main></body>`,
    );
    const result = text(extractMainContent(tree, options));
    expect(result).toMatch(/^# Filing your taxes\n/);
    expect(result).toContain('## Ways to file');
    expect(result).not.toContain('](#part-1)');
  });

  it('keeps the title when its <h1> wraps a paragraph', () => {
    const tree = parseHtml(
      `<body><div class="hero"><h1><p class="display">Salt marsh birds</p></h1></div>
      ${linkList(['Home', 'Birds', 'Maps', 'Shop'])}<div class="story">${prose('marsh', 5)}</div></body>`,
    );
    expect(text(extractMainContent(tree, options))).toMatch(/^# Salt marsh birds\n\nThe marsh changes/);
  });

  it('on a product page drops the shop around the product, even when the product is a small part of the page', () => {
    const shopText = 'Free delivery on orders over 50 euros, returns within 30 days at any of our stores. ';
    const tree = parseHtml(`<body><main>
      <div class="product-info"><h1>Walnut desk lamp</h1><p>A desk lamp turned from one piece of walnut, with a linen shade and a dimmer in the cord.</p>
        <p>Height 42 cm, bulb E27, cable 1.8 m.</p></div>
      <div class="shipping-returns"><p>${shopText.repeat(12)}</p></div>
      <div id="mini-cart"><p>${'Your basket is empty, add something you love and it will wait here for you. '.repeat(6)}</p></div>
      <section class="recently-viewed"><p>${'You looked at a linen cushion, a clay vase and a wool throw last time you visited. '.repeat(4)}</p></section>
      </main></body>`);
    const result = text(extractMainContent(tree, { ...options, product: {} }));
    expect(result).toContain('# Walnut desk lamp');
    expect(result).toContain('Height 42 cm');
    for (const chrome of ['Free delivery', 'basket is empty', 'linen cushion'])
      expect(result).not.toContain(chrome);
  });

  it('keeps every post of a thread and drops the furniture around each: author cards, signatures, votes, user extras', () => {
    const post = (author: string, topic: string) => `<div class="post">
      <div class="postprofile"><span class="avatar">${author[0]}</span><a href="/u/${author}">${author}</a> Posts: 4032 Joined: May 2019</div>
      <div class="content">${prose(topic, 1)}</div>
      <div class="signature">${author} rides a blue bicycle to work every single day of the year, rain or shine.</div>
      <div class="vote-count">12</div>
      <div class="message-userExtras"><dl><dt>Messages</dt><dd>8,211</dd></dl></div></div>`;
    const tree = parseHtml(
      `<body><h1>Best route to the coast?</h1><div class="thread">${post('Ada', 'coast road')}${post('Brook', 'ferry')}${post('Cyd', 'old railway path')}</div></body>`,
    );
    const result = text(extractMainContent(tree, options));
    for (const topic of ['The coast road changes', 'The ferry changes', 'The old railway path changes'])
      expect(result).toContain(topic);
    for (const furniture of ['Posts: 4032', 'blue bicycle', '12', '8,211'])
      expect(result).not.toContain(furniture);
  });

  it('keeps a list whose wrapper is named like post furniture when it holds most of the page (#all_votes)', () => {
    const books = [
      'The tide clock',
      'Salt and stone',
      'North of the harbour',
      'A year of gulls',
      'Low water',
    ];
    const rows = books
      .map(
        (title, index) =>
          `<tr><td>${index + 1}</td><td><a href="/book/${index}">${title}</a> by A. Writer, 4.1 average rating, ${index + 3},120 votes</td></tr>`,
      )
      .join('');
    const tree =
      parseHtml(`<body><h1>Best sea books</h1><p>The best books about the sea, as voted by readers.</p>
      <div id="all_votes"><table>${rows}</table></div></body>`);
    const result = text(extractMainContent(tree, options));
    for (const title of books) expect(result).toContain(title);
  });

  it('keeps the text that editors wrap in their own widgets (Elementor, CKEditor), not sidebar widgets', () => {
    const tree = parseHtml(`<body><main><h1>Shade plants</h1>
      <div class="elementor-widget elementor-widget-text-editor">${prose('fern', 2)}</div>
      <div class="elementor-widget elementor-widget-heading"><h2>Caring for hostas</h2></div>
      <figure class="ck-widget image"><img src="/hosta.jpg" alt="A hosta"><figcaption>A hosta under a birch tree in late May.</figcaption></figure>
      <div class="elementor-widget elementor-widget-text-editor">${prose('hosta', 2)}</div>
      <div class="widget opening-hours"><p>Our nursery opens at nine every morning except on Sundays and holidays.</p></div>
      </main></body>`);
    const result = text(extractMainContent(tree, options));
    for (const kept of ['The fern changes', '## Caring for hostas', 'late May', 'The hosta changes'])
      expect(result).toContain(kept);
    expect(result).not.toContain('Our nursery opens');
  });

  it('keeps a wide table whose wrapper only says how it scrolls (overflow-x-scroll)', () => {
    const tree = parseHtml(`<body><article><h1>Training plan</h1>${prose('running track', 2)}
      <div class="isolate md:overflow-x-scroll"><table><tr><th>Week</th><th>Monday</th><th>Tuesday</th></tr>
      <tr><td>1</td><td>Rest</td><td>Easy 3 km</td></tr></table></div></article></body>`);
    expect(text(extractMainContent(tree, options))).toContain('| 1 | Rest | Easy 3 km |');
  });

  it('keeps a sentence that is mostly one link, and still drops a menu of short links in a paragraph', () => {
    const tree = parseHtml(`<body><main><h1>Kettle care</h1>${prose('kettle', 2)}
      <p><strong>Tip:</strong> read <a href="/guides/descaling">the full descaling guide</a></p>
      <p><a href="/">Home</a> <a href="/shop">Shop</a> <a href="/about">About us</a></p></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('**Tip:** read [the full descaling guide](/guides/descaling)');
    expect(result).not.toContain('About us');
  });
});

/** Pages of the size the classifier judges (at least 500 characters of text): written like real ones. */
describe('extractMainContent on pages of real size (the block classifier)', () => {
  const sentences = [
    'The tide came in faster than the guidebook promised, and the causeway vanished under grey water within minutes.',
    'Local fishermen say the channel shifts every winter, so the markers placed in spring are often wrong by autumn.',
    'We waited on the island for six hours, reading the notices about the monks who built the first chapel there.',
    'By evening the sand reappeared, rippled and shining, and the walk back took barely twenty minutes in the dusk.',
    'If you plan the crossing, check the tide tables on the morning itself, because storms change them by an hour.',
    'The café at the harbour keeps a chalkboard with the safe times, and the owner will tell you when to leave.',
  ];
  const article = sentences
    .map((sentence, index) => `<p>${sentence} ${sentences[(index + 2) % 6]}</p>`)
    .join('');
  const menu = (labels: string[]) =>
    `<ul class="menu">${labels.map((label) => `<li><a href="/${label.toLowerCase()}">${label}</a></li>`).join('')}</ul>`;

  it('keeps an article and drops the menus, popular-post links and copyright line around it', () => {
    const tree = parseHtml(`<body>
      <div class="site-top">${menu(['Home', 'Travel', 'Food', 'Culture', 'Shop', 'Contact'])}</div>
      <div class="wrap"><div class="post-content"><h1>Crossing to the tidal island</h1>
        <div class="byline">By Mara Quinn · 12 March 2024</div>${article}</div>
      <div class="rail"><h3>Popular now</h3>${menu(['Ten lighthouses worth the climb', 'Where to eat on the north coast', 'A week of ferries'])}</div></div>
      <div class="site-bottom"><p>© 2024 Coastal Notes Ltd. All rights reserved.</p>${menu(['Privacy', 'Terms', 'Cookies'])}</div>
      </body>`);
    const result = text(extractMainContent(tree, options));
    for (const sentence of sentences) expect(result).toContain(sentence);
    expect(result).toContain('# Crossing to the tidal island');
    for (const boilerplate of ['[Culture]', 'All rights reserved', '[Cookies]'])
      expect(result).not.toContain(boilerplate);
  });

  it('keeps every post of a long thread', () => {
    const post = (author: string, index: number) => `<div class="message">
      <div class="message-user"><a href="/u/${author}">${author}</a></div>
      <div class="message-body"><p>${sentences[index]} ${sentences[(index + 3) % 6]}</p></div>
      <div class="message-actions"><a href="#r">Reply</a> <a href="#q">Quote</a> <a href="#x">Report</a></div></div>`;
    const tree = parseHtml(`<body>
      <div class="forum-nav">${menu(['Forums', 'New posts', 'Members', 'Search', 'Log in'])}</div>
      <div class="thread"><h1>Tidal island crossing times?</h1>${['ann', 'bo', 'cy', 'dee', 'eli', 'fay'].map(post).join('')}</div>
      </body>`);
    const result = text(extractMainContent(tree, options));
    for (const sentence of sentences) expect(result).toContain(sentence);
    expect(result).not.toContain('[Members]');
  });

  it("drops a wiki's edit links from its section headings, and keeps a heading that links to an edit command", () => {
    const tree = parseHtml(`<body><main><h1>Polwenna</h1>
      <h2><span class="mw-headline">History</span><span class="mw-editsection">[<a href="/edit/1">edit</a>]</span></h2>
      <p>The village is first recorded in 1284, and pilchard fishing was its trade for six centuries.</p>
      <h2>Economy <a href="/edit/2">[edit]</a></h2>
      <p>Tourism is now the largest employer, followed by a small fleet of crab and lobster boats.</p>
      <h3><a href="/cli/edit">edit</a></h3><p>Opens the file in the editor the configuration names.</p></main></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('## History\n');
    expect(result).toContain('## Economy\n');
    expect(result).toContain('### [edit](/cli/edit)');
  });

  it('drops the menu column of a page laid out in a table, and keeps its text column', () => {
    const tree = parseHtml(`<body><table width="100%"><tr>
      <td valign="top"><a href="/">Home</a><br><a href="/history">History</a><br><a href="/church">Church</a><br><a href="/links">Links</a></td>
      <td valign="top"><b>A short history of Polwenna</b><br><br>
        Polwenna grew up around its harbour in the fourteenth century, when pilchard fishing brought families to the shore.<br><br>
        By 1800 the village had three fish cellars, a chapel and a school.</td></tr></table>
      <center><font size="1">Copyright 2004 Polwenna Village Society</font></center></body>`);
    const result = text(extractMainContent(tree, options));
    expect(result).toContain('Polwenna grew up around its harbour');
    expect(result).not.toContain('[History]');
  });

  it('keeps the end of an article far longer than the pages it learned from', () => {
    const topics = ['estuary', 'harbour', 'lighthouse', 'dune', 'saltmarsh'];
    const paragraphs = Array.from(
      { length: 2_000 },
      (_, index) => `<p>Part ${index}. ${sentence(topics[index % topics.length] as string).repeat(2)}</p>`,
    );
    const tree = parseHtml(`<body><div class="site-nav">${linkList(['News', 'Guides', 'Shop'])}</div>
      <main><h1>The whole coast, mile by mile</h1>${paragraphs.join('')}</main></body>`);
    const result = text(extractMainContent(tree, options));
    // Every paragraph, the last ones too: they are laid out like the first.
    expect(result.match(/^Part \d+\./gm)).toHaveLength(2_000);
    expect(result).not.toContain('[Guides]');
  });

  it('keeps the prose, code and option table of a documentation page, and drops its sidebar and pager', () => {
    const tree = parseHtml(`<body>
      <div class="docs-sidebar">${menu(['Install', 'Quick start', 'Stations', 'Alerts', 'Tide tables', 'API', 'FAQ'])}</div>
      <div class="docs-content"><h1>Reading tide tables</h1>${article}
        <pre><code class="language-bash">tides --station brest --days 3</code></pre>
        <table><tr><th>Option</th><th>Meaning</th></tr><tr><td>--station</td><td>The harbour whose tides are read</td></tr>
        <tr><td>--days</td><td>How many days ahead to read</td></tr></table>
        <p><a href="https://git.test/docs/edit/tides.md">Edit this page</a></p></div>
      <div class="pager">${menu(['Previous: Stations', 'Next: Alerts'])}</div>
      </body>`);
    const result = text(
      extractMainContent(tree, { url: 'https://docs.site.test/guide/reading-tide-tables' }),
    );
    for (const sentence of sentences) expect(result).toContain(sentence);
    expect(result).toContain('```bash\ntides --station brest --days 3\n```');
    expect(result).toContain('| --station | The harbour whose tides are read |');
    for (const boilerplate of ['[Quick start]', '[API]', 'Next: Alerts'])
      expect(result).not.toContain(boilerplate);
  });

  it('keeps the sections and plans of a service page, and drops its menus', () => {
    const section = (title: string, index: number) =>
      `<section class="feature"><h2>${title}</h2><p>${sentences[index]} ${sentences[(index + 1) % 6]}</p></section>`;
    // A pricing card as sites write them: name, price, a line, and what the plan includes.
    const plan = (name: string, price: string, what: string, includes: string[]) =>
      `<div class="plan"><h3>${name}</h3><p class="price">${price} a month</p><p>${what}</p><ul>${includes.map((item) => `<li>${item}</li>`).join('')}</ul></div>`;
    const tree = parseHtml(`<body>
      <div class="site-top">${menu(['Product', 'Pricing', 'Customers', 'Docs', 'Log in', 'Sign up'])}</div>
      <div class="hero"><h1>Tide alerts for every harbour</h1><p>${sentences[4]} ${sentences[5]}</p></div>
      ${['Alerts before the causeway closes', 'Tables that storms update', 'A chalkboard for your café'].map(section).join('')}
      <div class="plans"><h2>Plans</h2>${plan('Walker', '€4', 'One harbour, alerts by e-mail and text message.', ['Alerts an hour before the causeway closes', 'Seven days of tide tables'])}
        ${plan('Harbour', '€29', 'Every harbour of a coast, with a screen for the café wall.', ['Alerts for every harbour you add', 'A year of tide tables, updated after storms'])}</div>
      <div class="site-bottom">${menu(['About', 'Jobs', 'Press', 'Privacy', 'Terms'])}<p>© 2024 Tidewise Ltd.</p></div>
      </body>`);
    const result = text(extractMainContent(tree, { url: 'https://tidewise.test/' }));
    for (const sentence of sentences) expect(result).toContain(sentence);
    for (const kept of [
      '## Alerts before the causeway closes',
      '€29 a month',
      'Every harbour of a coast',
      'Alerts for every harbour you add',
    ])
      expect(result).toContain(kept);
    for (const boilerplate of ['[Customers]', '[Press]', 'Tidewise Ltd'])
      expect(result).not.toContain(boilerplate);
  });

  it('keeps a table of thousands of cells whole, judged by its first cells, and still drops the menus', () => {
    const rows = Array.from(
      { length: 600 },
      (_, day) =>
        `<tr><td>Day ${day + 1}</td><td>06:${String(day % 60).padStart(2, '0')}</td><td>${(3 + (day % 9) / 10).toFixed(1)} m</td></tr>`,
    );
    const html = `<body><div class="site-top">${menu(['Home', 'Travel', 'Food', 'Culture', 'Shop', 'Contact'])}</div>
      <div class="post-content"><h1>High tides at the causeway</h1>${article}
      <table><tr><th>Day</th><th>High tide</th><th>Height</th></tr>${rows.join('')}</table><p>${sentences[0]}</p></div>
      <div class="site-bottom">${menu(['Privacy', 'Terms', 'Cookies'])}</div></body>`;
    const page = readPage(parseHtml(html), options);
    // 1,803 cells, 1,000 of them judged.
    expect(page.blocks.length - page.judged.length).toBe(803);
    const result = text(extractMainContent(parseHtml(html), options));
    expect(result).toContain('| Day 1 | 06:00 | 3.0 m |');
    expect(result).toContain('| Day 600 | 06:59 | 3.5 m |');
    expect(result).not.toContain('[Culture]');
  });

  it('keeps the teasers of a listing page: titles and blurbs', () => {
    const teaser = (sentence: string, index: number) =>
      `<li class="teaser"><h2><a href="/story/${index}">Story ${index + 1}: ${sentence.split(',')[0]}</a></h2><p>${sentence}</p></li>`;
    const tree = parseHtml(`<body>
      <div class="site-top">${menu(['Home', 'Travel', 'Food', 'Culture', 'Shop', 'Contact'])}</div>
      <div class="archive"><h1>Travel stories</h1><ul>${sentences.map(teaser).join('')}</ul>
      <div class="pager">${menu(['1', '2', '3', 'Next'])}</div></div>
      </body>`);
    const result = text(extractMainContent(tree, options));
    for (const sentence of sentences) expect(result).toContain(sentence);
    expect(result).toContain('Story 3: We waited on the island for six hours');
    expect(result).not.toContain('[Culture]');
  });
});
