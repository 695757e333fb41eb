import katex from 'katex';
import { convertPage } from './convert-page.js';
import type { PageInput } from './types.js';

const page = (html: string, options: Partial<PageInput> = {}) =>
  convertPage({
    html,
    url: 'https://site.test/docs/page',
    formats: ['markdown'],
    onlyMainContent: false,
    removeBase64Images: true,
    ...options,
  });
const markdown = (html: string, options: Partial<PageInput> = {}) => page(html, options).markdown;

describe('markdown', () => {
  it('keeps tables as GFM tables and code with its language', () => {
    expect(markdown('<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>')).toBe(
      '| A | B |\n| - | - |\n| 1 | 2 |',
    );
    expect(markdown('<pre><code class="language-ts">const a = 1;\n</code></pre>')).toBe(
      '```ts\nconst a = 1;\n```',
    );
    expect(markdown('<pre class="lang-sh"><code>ls</code></pre>')).toBe('```sh\nls\n```');
  });

  it('leaves the html format as the page has it, whatever the markdown writer reshapes', () => {
    const output = page(
      '<h2>Install<a class="headerlink" href="#install">¶</a></h2><p><a>Action</a><a>Drama</a></p>',
      {
        formats: ['markdown', 'html'],
      },
    );
    expect(output.markdown).toBe('## Install\n\nAction Drama');
    expect(output.html).toBe(
      '<h2>Install<a class="headerlink" href="https://site.test/docs/page#install">¶</a></h2><p><a>Action</a><a>Drama</a></p>',
    );
  });

  it('writes links into the page absolute, as every other link, but leaves them out of the links format', () => {
    const html = `<body><main><h1 id="tides">Tides</h1>
      <h2 id="sources"><a href="#sources">Sources</a><a class="anchor" href="#sources">#</a></h2>
      <p>The tide turns twice a day.<sup><a href="#fn1">1</a></sup> See <a href="/almanac">the almanac</a>.</p>
      <ol class="notes"><li id="fn1">Harbour office, 2024.</li></ol></main></body>`;
    for (const onlyMainContent of [false, true]) {
      const output = page(html, { formats: ['markdown', 'html', 'links'], onlyMainContent });
      expect(output.markdown).toContain('## Sources\n');
      expect(output.markdown).toContain(
        'The tide turns twice a day.[1](https://site.test/docs/page#fn1) See [the almanac](https://site.test/almanac).',
      );
      expect(output.html).toContain('<a href="https://site.test/docs/page#fn1">1</a>');
      expect(output.links).toEqual(['https://site.test/almanac']);
    }
    const based = page(`<head><base href="https://mirror.test/tides/"></head>${html}`);
    expect(based.markdown).toContain('day.[1](https://mirror.test/tides/#fn1)');
  });

  it('nests lists tightly and keeps headings ATX', () => {
    expect(markdown('<h2>T</h2><ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')).toBe(
      '## T\n\n- a\n  - b\n- c',
    );
    expect(markdown('<ol><li>one</li><li>two</li></ol>')).toBe('1. one\n2. two');
  });

  it('makes links and images absolute against the page and its base href, largest srcset wins', () => {
    const html =
      '<head><base href="/root/"></head><body><a href="x">X</a> <img alt="pic" src="a.jpg" srcset="s.jpg 300w, l.jpg 900w"></body>';
    expect(markdown(html)).toBe('[X](https://site.test/root/x) ![pic](https://site.test/root/l.jpg)');
  });

  it('never breaks link text across lines, and leaves no runs of blank lines', () => {
    expect(markdown('<p><a href="/a">Read\n   the\n  guide</a></p><br><br><br><p>next</p>')).toBe(
      '[Read the guide](https://site.test/a)\n\nnext',
    );
  });

  it('replaces base64 images unless asked to keep them', () => {
    const html = '<img alt="dot" src="data:image/png;base64,AAAA">';
    expect(markdown(html)).toBe('![dot](<Base64-Image-Removed>)');
    expect(markdown(html, { removeBase64Images: false })).toBe('![dot](data:image/png;base64,AAAA)');
  });

  it('drops scripts, styles, comments and hidden elements', () => {
    expect(
      markdown(
        '<p>shown</p><script>x()</script><style>p{}</style><!-- c --><p hidden>h</p><p style="display:none">n</p>',
      ),
    ).toBe('shown');
  });
});

describe('formulas', () => {
  const katexFormula = (tex: string, displayMode = false) => katex.renderToString(tex, { displayMode });

  it("writes KaTeX's formulas as their TeX, inline and displayed, without the visual copy", () => {
    const html = `<p>The area is ${katexFormula('\\pi r^2')} for radius $r$ costs $5.</p>${katexFormula('\\int_0^1 x\\,dx', true)}`;
    expect(markdown(html)).toBe(
      'The area is $\\pi r^2$ for radius $r$ costs $5.\n\n$$\n\\int_0^1 x\\,dx\n$$',
    );
  });

  it("reads MediaWiki's hidden MathML and drops its fallback image", () => {
    const html = `<p>Einstein: <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;"><math alttext="{\\displaystyle E=mc^{2}}"><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">{\\displaystyle E=mc^{2}}</annotation></semantics></math></span><img src="/media/math/render/svg/1" class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle E=mc^{2}}"></span>.</p>`;
    expect(markdown(html)).toBe('Einstein: $E=mc^{2}$.');
  });

  it('reads the TeX of MathJax 2 from its script and drops its rendering', () => {
    const rendered = (id: number, display: boolean) =>
      `<span class="MathJax_Preview"></span>${display ? '<div class="MathJax_Display">' : ''}<span class="MathJax" id="MathJax-Element-${id}-Frame"><nobr>rendered</nobr><span class="MJX_Assistive_MathML"><math><mi>y</mi></math></span></span>${display ? '</div>' : ''}`;
    const html = `<p>Let ${rendered(1, false)}<script type="math/tex" id="MathJax-Element-1">\\alpha</script> be small:</p>${rendered(2, true)}<script type="math/tex; mode=display" id="MathJax-Element-2">\\alpha < 1</script>`;
    expect(markdown(html)).toBe('Let $\\alpha$ be small:\n\n$$\n\\alpha < 1\n$$');
  });

  it("converts MathML without TeX (MathJax 3's assistive copy, hand-written MathML) to TeX", () => {
    const html = `<p>Roots:</p><mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math aria-hidden="true"><mjx-c></mjx-c></mjx-math><mjx-assistive-mml display="block"><math display="block"><mfrac><mrow><mo>-</mo><mi>b</mi></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math></mjx-assistive-mml></mjx-container><p>and <math><mi>a</mi><mo>&lt;</mo><mi>b</mi></math>.</p>`;
    expect(markdown(html)).toBe('Roots:\n\n$$\n\\frac{- b}{2 a}\n$$\n\nand $a < b$.');
  });

  it('escapes the bars of a formula in a table cell, and keeps the MathML in the html format', () => {
    const output = page(
      `<table><tr><th>f</th><th>v</th></tr><tr><td>${katexFormula('|x|')}</td><td>1</td></tr></table>`,
      {
        formats: ['markdown', 'html'],
      },
    );
    expect(output.markdown).toBe('| f | v |\n| - | - |\n| $\\|x\\|$ | 1 |');
    expect(output.html).toContain('alttext="|x|"><semantics><mrow><mi mathvariant="normal">∣</mi>');
    expect(output.html).not.toMatch(/katex-html|annotation/);
  });

  it('keeps the formulas of an article with its main content', () => {
    const html = `<body><nav><a href="/">Home</a><a href="/courses">Courses</a></nav><main><article><h1>The quadratic formula</h1>
      <p>Every quadratic equation with real coefficients can be solved by completing the square, which gives the roots directly.</p>
      ${katexFormula('x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}', true)}
      <p>The discriminant ${katexFormula('b^2-4ac')} tells how many real roots the equation has, and whether they are equal.</p>
      </article></main><footer>© Maths school</footer></body>`;
    const result = markdown(html, { onlyMainContent: true }) ?? '';
    expect(result).toContain('$$\nx = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\n$$');
    expect(result).toContain('The discriminant $b^2-4ac$ tells');
    expect(result).not.toContain('Maths school');
  });
});

describe('onlyMainContent', () => {
  const article = `<html><body>
    <header><nav><a href="/">Home</a><a href="/pricing">Pricing</a></nav></header>
    <div class="cookie">We use cookies. Accept all</div>
    <div class="layout">
      <div class="sidebar"><a href="/x">Popular posts</a></div>
      <div class="post-body">
        <h1>The harbour at night</h1>
        <p>The harbour lights come on one by one, and the fishing boats return, heavy with the catch of the day.</p>
        <p>Gulls follow them in, circling, calling, waiting for scraps from the decks, as they have for centuries.</p>
      </div>
    </div>
    <footer>© Harbour Times</footer></body></html>`;

  it('keeps the article with its title and drops navigation, banners, sidebars and footers', () => {
    const result = markdown(article, { onlyMainContent: true }) ?? '';
    expect(result).toMatch(/^# The harbour at night/);
    expect(result).toContain('fishing boats return');
    for (const boilerplate of ['Pricing', 'cookies', 'Popular posts', 'Harbour Times']) {
      expect(result).not.toContain(boilerplate);
    }
  });

  it("keeps every panel of a documentation page's code tabs, and only the shown one elsewhere", () => {
    const panel = (id: string, command: string, hidden: boolean) =>
      `<div role="tabpanel" id="${id}"${hidden ? ' hidden' : ''}><pre><code class="language-bash">${command}</code></pre></div>`;
    const html = `<body><nav><a href="/docs/intro">Intro</a><a href="/docs/install">Install</a></nav><main><article>
      <h1>Install the SDK</h1><p>The SDK is published for three languages. Pick yours below and run the command in your project folder.</p>
      <div class="tabs"><div role="tablist"><button role="tab" aria-selected="true">JavaScript</button><button role="tab">Python</button></div>
      ${panel('js', 'npm install harbour-sdk', false)}${panel('py', 'pip install harbour-sdk', true)}</div>
      <h2>Configure</h2><p>Set the key in your environment before the first call, and the SDK reads it on start.</p></article></main></body>`;
    const docs = markdown(html, { onlyMainContent: true, url: 'https://docs.harbour.test/install' }) ?? '';
    expect(docs).toContain('```bash\nnpm install harbour-sdk\n```\n\n```bash\npip install harbour-sdk\n```');
    const elsewhere = markdown(html, { onlyMainContent: true, url: 'https://harbour.test/' }) ?? '';
    expect(elsewhere).toContain('npm install harbour-sdk');
    expect(elsewhere).not.toContain('pip install');
  });

  it('keeps the title heading when the content sits beside it', () => {
    const html = `<body><div class="title-area"><h1>Release notes</h1></div><div class="content"><p>${'Version two brings faster imports, fewer crashes, and a new exporter. '.repeat(4)}</p></div></body>`;
    expect(markdown(html, { onlyMainContent: true })).toMatch(/^# Release notes\n\nVersion two/);
  });

  it('reads pages served to crawlers inside <noscript> (forums, single-page apps)', () => {
    const posts = '<p>First post: the update broke my dashboard after the reboot.</p>'.repeat(6);
    const html = `<body><div id="app"></div><noscript><div class="topic"><h1>Update broke dashboard</h1>${posts}</div></noscript></body>`;
    const result = markdown(html, { onlyMainContent: true }) ?? '';
    expect(result).toMatch(/^# Update broke dashboard/);
    expect(result).toContain('First post: the update broke my dashboard');
  });

  it('keeps a "boilerplate"-named wrapper that holds most of the page', () => {
    const prose = '<p>Sofas come in many shapes, and this one fits small rooms well.</p>'.repeat(8);
    const html = `<body><a href="#main">Skip to content</a><div class="side top"><h2>Living room sofas</h2>${prose}</div></body>`;
    expect(markdown(html, { onlyMainContent: true })).toContain('this one fits small rooms well');
  });

  it("keeps a task list's marks and a quotation's attribution, which look like a form and a page footer", () => {
    const html = `<body><main><article><h1>Release notes</h1>
      <p>What we did for the spring release of the harbour app, and what is left to do before summer.</p>
      <ul><li><input type="checkbox" checked disabled> Tide alerts</li><li><input type="checkbox" disabled> Berth booking</li></ul>
      <blockquote><p>The alerts saved my mooring twice this month.</p><footer>— Ada, harbour master</footer></blockquote>
      <p>More notes follow in the next release, with the booking flow and the new charts.</p>
      <form><label><input type="checkbox"> Email me</label></form></article></main>
      <footer>© Harbour app</footer></body>`;
    const result = markdown(html, { onlyMainContent: true }) ?? '';
    expect(result).toContain('- [x] Tide alerts\n- [ ] Berth booking');
    expect(result).toContain('> The alerts saved my mooring twice this month.\n>\n> — Ada, harbour master');
    expect(result).not.toContain('[ ] Email me');
    expect(result).not.toContain('© Harbour app');
  });

  it('drops menus of short links inside the content but keeps lists of titles', () => {
    const menu =
      '<ul>' +
      ['Home', 'News', 'Shop', 'Help', 'About']
        .map((label) => `<li><a href="/${label}">${label}</a></li>`)
        .join('') +
      '</ul>';
    const titles =
      '<ul>' +
      [
        'How tide pools form along rocky coasts',
        'The animals that live between the tides',
        'Visiting tide pools without harming them',
      ]
        .map((title, index) => `<li><a href="/story/${index}">${title}</a></li>`)
        .join('') +
      '</ul>';
    const html = `<body><main><h1>Coast stories</h1>${menu}<p>Our latest stories about the coast, written by rangers who work there every day.</p>${titles}</main></body>`;
    const result = markdown(html, { onlyMainContent: true }) ?? '';
    expect(result).not.toContain('[Shop]');
    expect(result).toContain('[Visiting tide pools without harming them]');
  });

  it('converts a page nested ten thousand elements deep (unclosed tags, script-built DOM)', () => {
    const html = `<body><nav><a href="/">Home</a></nav>${'<div>'.repeat(10_000)}<h1>Deep</h1><p>The paragraph at the bottom of ten thousand boxes is all this page says.</p>${'</div>'.repeat(10_000)}</body>`;
    for (const onlyMainContent of [true, false])
      expect(markdown(html, { onlyMainContent })).toContain(
        '# Deep\n\nThe paragraph at the bottom of ten thousand boxes is all this page says.',
      );
  });

  it('falls back to the whole page when the boilerplate list would leave nothing', () => {
    expect(
      markdown('<body><div class="menu"><p>Today only: soup</p></div></body>', { onlyMainContent: true }),
    ).toBe('Today only: soup');
  });
});

describe('onlyMainContent and images', () => {
  it('keeps a photo that sits loose in an article whose own text (a "Jump to recipe" link) goes', () => {
    const recipe = `<html><head><title>Crab linguine recipe</title></head><body>
<div class="top-bar"><a href="/">Coast Kitchen</a> <a href="/recipes">Recipes</a> <a href="/shop">Shop</a> <a href="/login">Log in</a></div>
<article class="recipe"><h1>Crab linguine with chilli and lemon</h1>
<p class="byline">By Mara Ellison · 20 minutes · Serves 2</p>
<a class="jump" href="#recipe">Jump to recipe</a>
<p>Fresh crab needs little more than good pasta, a little heat and plenty of lemon. This is the dish we cook on the first warm evening of the year.</p>
<img src="/img/crab.jpg" alt="A bowl of crab linguine">
<div id="recipe"><h2>Ingredients</h2><ul><li>200 g linguine</li><li>150 g white crab meat</li><li>1 red chilli, finely chopped</li><li>1 lemon, zest and juice</li><li>2 tbsp olive oil</li></ul>
<h2>Method</h2><ol><li>Cook the linguine in salted water until just tender.</li><li>Warm the oil with the chilli for a minute, then add the crab.</li><li>Toss the drained pasta with the crab, lemon zest and juice, and serve at once.</li></ol>
<h2>Nutrition</h2><table><tr><th>Calories</th><td>610</td></tr><tr><th>Protein</th><td>32 g</td></tr></table></div>
<div class="share"><a href="/s/fb">Share on Facebook</a> <a href="/s/x">Share on X</a></div>
</article>
<aside><h3>You might also like</h3><ul><li><a href="/r/1">Mussels in cider</a></li><li><a href="/r/2">Fish pie</a></li></ul></aside>
<footer>© Coast Kitchen</footer></body></html>`;
    const result = page(recipe, {
      url: 'https://site.test/recipe',
      onlyMainContent: true,
      formats: ['markdown', 'images'],
    });
    expect(result.markdown).toContain(
      'year.\n\n![A bowl of crab linguine](https://site.test/img/crab.jpg)\n\n## Ingredients',
    );
    expect(result.images).toEqual(['https://site.test/img/crab.jpg']);
  });
  it('drops the photos of dropped cards and bios after the article, and keeps a figure whose caption goes', () => {
    const paragraphs = [
      'Beekeepers across the valley have reported losses of up to forty percent of their hives this winter.',
      'Researchers point to a warm autumn, which kept colonies active and hungry, and a new strain of mite.',
      '"Colonies that looked healthy in October simply vanish by February," said the head of the lab.',
      'Almond growers rent about a million hives each year, and rental prices have already doubled.',
      'State officials say an emergency fund for beekeepers will open for applications next month.',
      'The lab will publish its full survey of the winter losses in the spring, county by county.',
    ].map((text) => `<p>${text}</p>`);
    const html = `<body><nav><a href="/">Home</a> <a href="/science">Science</a></nav><main><article>
<h1>Why the bees are leaving</h1>${paragraphs.slice(0, 2).join('')}
<figure><img src="/hive.jpg" alt="An empty hive"><figcaption>Photo: Lab</figcaption></figure>
${paragraphs.slice(2).join('')}</article>
<div class="cards">${['telescope', 'glacier', 'vaccine']
      .map(
        (name, index) =>
          `<div class="card"><a href="/s/${index}"><img src="/s${index}.jpg" alt="A ${name}"></a><h3><a href="/s/${index}">The ${name} story</a></h3></div>`,
      )
      .join('')}</div>
<div class="bio"><img src="/reporter.jpg" alt="Maria Chen"><p>Maria Chen covers science for The Daily. <a href="/staff/chen">More by Maria</a></p></div>
</main><footer>© The Daily</footer></body>`;
    const result = page(html, {
      url: 'https://site.test/bees',
      onlyMainContent: true,
      formats: ['markdown', 'images'],
    });
    const markdown = result.markdown ?? '';
    expect(markdown).toContain('county by county.');
    // Whatever the classifier makes of a card's title or a bio, its photo goes the same way.
    expect(markdown).not.toContain('The telescope story');
    expect(markdown).not.toContain('s0.jpg');
    expect(markdown.includes('reporter.jpg')).toBe(markdown.includes('covers science'));
    expect(result.images).toContain('https://site.test/hive.jpg');
  });
});

describe('includeTags and excludeTags', () => {
  const html =
    '<body><div id="a"><p>alpha</p><p class="ad">buy</p></div><div id="b"><p>beta</p></div></body>';

  it('keeps only included elements and still honours excludes inside them', () => {
    expect(markdown(html, { includeTags: ['#a'], excludeTags: ['.ad'] })).toBe('alpha');
    expect(markdown(html, { excludeTags: ['#a'] })).toBe('beta');
    expect(markdown(html, { excludeTags: ['#a > p.ad', 'div#b p'] })).toBe('alpha');
  });
});

describe('links, images and metadata', () => {
  it('collects links and images of the content the html format gives, and every link of the page for a crawl', () => {
    const html = `<header><nav><a href="/">Home</a><a href="/shop">Shop</a><img src="/logo.png" alt="Logo"></nav></header>
      <article><h1>Tides</h1><p>The harbour's tides turn twice a day, and the <a href="/tables">tide tables</a> say when.</p>
      <p>Spring tides follow the new and the full moon. <img src="/moon.png" alt="Moon"></p>
      <aside class="share"><a href="https://social.test/share">Share</a></aside></article>
      <footer><a href="/privacy">Privacy</a></footer>`;
    const formats: PageInput['formats'] = ['links', 'images', 'markdown'];
    const main = page(html, { onlyMainContent: true, formats, pageLinks: true });
    expect(main.links).toEqual(['https://site.test/tables']);
    expect(main.images).toEqual(['https://site.test/moon.png']);
    // What a crawl follows: the whole page, as the client's formats never limit discovery.
    expect(main.pageLinks).toEqual([
      'https://site.test/',
      'https://site.test/shop',
      'https://site.test/tables',
      'https://social.test/share',
      'https://site.test/privacy',
    ]);
    const included = page(html, {
      formats: ['links'],
      includeTags: ['nav', 'footer'],
      excludeTags: ['img', 'footer'],
    });
    expect(included.links).toEqual(['https://site.test/', 'https://site.test/shop']);
    expect(included.pageLinks).toBeUndefined();
    expect(page(html, { formats: ['links'] }).links).toHaveLength(5);
  });

  it('collects the links of the whole page when nothing selects a part, hidden menus included, while markdown shows only what is visible', () => {
    const result = page(
      '<ul style="display:none"><li><a href="/menu">Menu</a></li></ul><p><a href="/a">A</a></p>',
      {
        formats: ['links', 'markdown'],
      },
    );
    expect(result.links).toEqual(['https://site.test/menu', 'https://site.test/a']);
    expect(result.markdown).toBe('[A](https://site.test/a)');
  });

  it('collects absolute links once each, without same-page fragments', () => {
    const result = page(
      '<a href="/a">1</a><a href="#top">2</a><a href="/a">3</a><a href="mailto:x@y.z">4</a>',
      {
        formats: ['links'],
      },
    );
    expect(result.links).toEqual(['https://site.test/a', 'mailto:x@y.z']);
    expect(result.markdown).toBeUndefined();
  });

  it('reads metadata the way Firecrawl names it, repeated tags as arrays', () => {
    const { metadata } = page(
      `<html lang="de"><head><title> Hafen </title><meta name="description" content="D">
       <meta property="og:title" content="OG"><meta property="og:locale:alternate" content="en_GB">
       <meta name="author" content="A"><meta name="author" content="B"><link rel="shortcut icon" href="/f.ico"></head></html>`,
      { formats: [] },
    );
    expect(metadata).toEqual({
      title: 'Hafen',
      description: 'D',
      ogTitle: 'OG',
      ogLocaleAlternate: ['en_GB'],
      author: ['A', 'B'],
      language: 'de',
      favicon: 'https://site.test/f.ico',
    });
  });
});

describe('attributes', () => {
  const shop = `<html><body>
    <nav><a href="/cart" data-track="nav-cart">Cart</a></nav>
    <main><h1>Lamps</h1>
      <p>Our lamps are made by hand in a small workshop, from brass and linen, and they last for decades.</p>
      <ul><li class="item" data-sku="L-1"><a href="/l1" data-track="item">Desk lamp</a></li>
          <li class="item" data-sku="L-2"><a href="l2" data-track="item">Floor lamp</a></li></ul>
    </main></body></html>`;
  const attributes = (options: Partial<PageInput>) =>
    page(shop, {
      formats: [],
      attributes: [
        { selector: '.item', attribute: 'sku' },
        { selector: '[data-track]', attribute: 'data-track' },
        { selector: '.item a', attribute: 'href' },
      ],
      ...options,
    }).attributes;

  it('reads the content the html format gives: the main content by default, the whole page without it', () => {
    expect(attributes({ onlyMainContent: true })).toEqual([
      { selector: '.item', attribute: 'sku', values: ['L-1', 'L-2'] },
      { selector: '[data-track]', attribute: 'data-track', values: ['item', 'item'] },
      // Links are resolved against the page, as in the html and links formats.
      {
        selector: '.item a',
        attribute: 'href',
        values: ['https://site.test/l1', 'https://site.test/docs/l2'],
      },
    ]);
    expect(attributes({ onlyMainContent: false })?.[1]?.values).toEqual(['nav-cart', 'item', 'item']);
    expect(attributes({ onlyMainContent: true, excludeTags: ['.item + .item'] })?.[0]?.values).toEqual([
      'L-1',
    ]);
  });

  it('answers every selector with no values for a body without elements', () => {
    expect(
      page('{"sku": "L-1"}', {
        contentType: 'application/json',
        attributes: [{ selector: '*', attribute: 'sku' }],
      }).attributes,
    ).toEqual([{ selector: '*', attribute: 'sku', values: [] }]);
  });
});

describe('non-HTML bodies', () => {
  it('fences JSON, XML, scripts and styles, and passes text and markdown through', () => {
    expect(markdown('{"a":[1]}', { contentType: 'application/json' })).toBe(
      '```json\n{\n  "a": [\n    1\n  ]\n}\n```',
    );
    const feed = '<?xml version="1.0"?>\n<rss><channel><title>Harbour news</title></channel></rss>\n';
    expect(markdown(feed, { contentType: 'application/rss+xml' })).toBe(`\`\`\`xml\n${feed}\`\`\``);
    expect(markdown('let a = 1;', { contentType: 'text/javascript; charset=utf-8' })).toBe(
      '```js\nlet a = 1;\n```',
    );
    expect(markdown('{"note":"```sh"}', { contentType: 'application/json' })).toBe(
      '````json\n{\n  "note": "```sh"\n}\n````',
    );
    expect(markdown('plain\ntext', { contentType: 'text/plain' })).toBe('plain\ntext');
    expect(markdown('# Notes\n', { contentType: 'text/markdown' })).toBe('# Notes\n');
  });
});

describe('large pages', () => {
  it('converts a 1 MB page', () => {
    const paragraphs = Array.from(
      { length: 15_000 },
      (_, index) => `<p>Paragraph ${index} of a long page with <a href="/l">a link</a> inside it.</p>`,
    );
    const html = `<body>${paragraphs.join('')}</body>`;
    const result = page(html, { onlyMainContent: true, formats: ['markdown', 'links'] });
    expect(result.links).toEqual(['https://site.test/l']);
    // The classifier weighs a block's position too: the last stretch of a page is where footers sit.
    const kept = result.markdown?.split('\n\n') ?? [];
    expect(kept.length).toBeGreaterThan(15_000 * 0.85);
    expect(kept[0]).toBe('Paragraph 0 of a long page with [a link](https://site.test/l) inside it.');
  });
});

describe('redactPII', () => {
  it('redacts the finished markdown (link targets too) and leaves the other formats as the page has them', () => {
    const output = page('<p>Write to <a href="mailto:ada@example.org">ada@example.org</a> today.</p>', {
      formats: ['markdown', 'links'],
      redactPII: { entities: ['EMAIL'], mode: 'fast', replaceStyle: 'tag' },
    });
    expect(output.markdown).toBe('Write to <EMAIL> today.');
    expect(output.links).toEqual(['mailto:ada@example.org']);
  });

  it('redacts JSON and text responses too', () => {
    const output = page('{"phone": "+44 20 7946 0958"}', {
      contentType: 'application/json',
      redactPII: { entities: ['PHONE'], mode: 'fast', replaceStyle: 'mask' },
    });
    expect(output.markdown).toBe('```json\n{\n  "phone": "****************"\n}\n```');
  });

  it('redacts the formats read from the text like the markdown, and says which method was used', () => {
    const output = page(
      '<h1>Harbour</h1><p>The harbour master Dr. Jane Smith answers at jane@harbour.example every morning.</p>',
      {
        structured: { summary: true, question: 'Who is the harbour master?' },
        redactPII: { entities: ['PERSON', 'EMAIL'], mode: 'accurate', replaceStyle: 'tag' },
      },
    );
    expect(output.markdown).toContain('harbour master <PERSON> answers at <EMAIL>');
    for (const field of [output.structured?.summary, output.structured?.answer]) {
      expect(field).toContain('<PERSON>');
      expect(field).not.toMatch(/Jane|Smith|jane@/);
    }
    expect(output.notes).toEqual([
      'redactPII accurate by the local method (validated patterns and local NER) (no model)',
    ]);
  });
});

describe('main content of a product page', () => {
  const productPage = (description: string, shown: string) => `<html><head>
    <script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail pack 25', description }).replace(/<\//g, '<\\/')}</script>
    </head><body><nav><a href="/">Home</a></nav><main><h1>Trail pack 25</h1><p>${shown}</p>
    <p>Free delivery on orders over 50 euros, returns within thirty days of purchase.</p></main></body></html>`;

  it('adds the description that only the page data carries (rendered client-side) after the title', () => {
    const result = markdown(
      productPage('<p>A light <b>25 litre</b> pack with a rain cover.</p><script>track()</script>', '$89.00'),
      { onlyMainContent: true },
    );
    expect(result).toMatch(
      /^# Trail pack 25\n\nA light \*\*25 litre\*\* pack with a rain cover\.\n\n\$89\.00/,
    );
    expect(result).not.toContain('track()');
  });

  it('never repeats a description the page already shows', () => {
    const description = 'A light 25 litre pack with a rain cover, made of recycled nylon.';
    const result = markdown(productPage(description, description), { onlyMainContent: true });
    expect(result?.match(/A light 25 litre pack/g)).toHaveLength(1);
  });

  it('drops the cards of other items around the product, and keeps them on a page without one product', () => {
    const cards = ['Summit pack 30', 'Day pack 18', 'Hip pack 4', 'Duffel 60']
      .map((name, index) => `<li><a href="/p/${index}">${name}</a><span>$${59 + index}.00</span></li>`)
      .join('');
    const description =
      'A light 25 litre pack with a rain cover, made of recycled nylon, for long days on the trail.';
    const product = markdown(
      `${productPage(description, description)}<div class="recs"><ul>${cards}</ul></div>`,
      {
        onlyMainContent: true,
      },
    );
    expect(product).toContain(description);
    expect(product).not.toContain('Summit pack 30');
    const listing = markdown(`<body><main><h1>Packs</h1><ul>${cards}</ul></main></body>`, {
      onlyMainContent: true,
    });
    expect(listing).toContain('Summit pack 30');
  });
});
