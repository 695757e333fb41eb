import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as mdastToString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { parseHtml } from '#structured';
import { toMarkdown } from './to-markdown.js';

const markdown = (html: string, removeBase64Images = true) =>
  toMarkdown(parseHtml(html), { removeBase64Images });

describe('toMarkdown', () => {
  it('writes ATX headings, dash bullets, tight nested lists and ordered lists', () => {
    expect(
      markdown(
        '<h1>Title</h1><h3>Part</h3><ul><li>a<ul><li>a.1</li><li>a.2<ol><li>deep</li></ol></li></ul></li><li>b</li></ul>',
      ),
    ).toBe('# Title\n\n### Part\n\n- a\n  - a.1\n  - a.2\n    1. deep\n- b');
  });

  it('keeps tables as GFM tables, header row first, pipes escaped', () => {
    expect(
      markdown(
        '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a|b</td><td><a href="https://x.test/">x</a></td></tr></tbody></table>',
      ),
    ).toBe('| Name | Value |\n| - | - |\n| a\\|b | [x](https://x.test/) |');
  });

  it.each([
    ['<pre><code class="language-ts">const a = 1;</code></pre>', 'ts'],
    ['<pre><code class="hljs lang-python">const a = 1;</code></pre>', 'python'],
    ['<pre class="lang-sh"><code>const a = 1;</code></pre>', 'sh'],
    ['<pre class="language-rust">const a = 1;</pre>', 'rust'],
    ['<pre data-language="go"><code>const a = 1;</code></pre>', 'go'],
    ['<pre class="brush: js notranslate">const a = 1;</pre>', 'js'],
    ['<pre class="brush:php; gutter: false">const a = 1;</pre>', 'php'],
    ['<pre class="gatsby-code-jsx"><code class="gatsby-code-jsx">const a = 1;</code></pre>', 'jsx'],
    ['<pre class="sourceCode haskell"><code class="sourceCode haskell">const a = 1;</code></pre>', 'haskell'],
    [
      '<pre class="sourceCode numberSource r numberLines"><code class="sourceCode r">const a = 1;</code></pre>',
      'r',
    ],
  ])('fences code with the language the page declares: %s', (html, language) => {
    expect(markdown(html)).toBe(`\`\`\`${language}\nconst a = 1;\n\`\`\``);
  });

  it.each([
    [
      'Sphinx',
      '<div class="highlight-console notranslate"><div class="highlight"><pre>const a = 1;</pre></div></div>',
      'console',
    ],
    ['GitHub', '<div class="highlight highlight-source-python"><pre>const a = 1;</pre></div>', 'python'],
    [
      'Rouge',
      '<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>const a = 1;</code></pre></div></div>',
      'ruby',
    ],
    [
      'MkDocs',
      '<div class="language-yaml highlight"><pre><span></span><code>const a = 1;</code></pre></div>',
      'yaml',
    ],
    [
      'a code-block component',
      '<div class="code-block__dOm6M language-hcl"><div class="header"></div><div class="body"><pre><code>const a = 1;</code></pre></div></div>',
      'hcl',
    ],
  ])('fences code with the language its highlighter names on a wrapper (%s)', (_, html, language) => {
    expect(markdown(html)).toBe(`\`\`\`${language}\nconst a = 1;\n\`\`\``);
  });

  it('reads no language from a wrapper that is not a highlighter, names none, or holds several blocks', () => {
    expect(markdown('<div class="highlight-box"><pre>const a = 1;</pre></div>')).toBe(
      '```\nconst a = 1;\n```',
    );
    expect(
      markdown('<div class="highlight-default"><div class="highlight"><pre>const a = 1;</pre></div></div>'),
    ).toBe('```\nconst a = 1;\n```');
    expect(markdown('<div class="lang-en page"><div class="body"><pre>const a = 1;</pre></div></div>')).toBe(
      '```\nconst a = 1;\n```',
    );
    expect(markdown('<div class="language-sh highlight"><pre>a</pre><pre>b</pre></div>')).toBe(
      '```\na\n```\n\n```\nb\n```',
    );
  });

  it('drops the permalink marks of headings, not their words or the links that have words', () => {
    expect(
      markdown(
        '<h2>Install<a class="headerlink" href="#install" title="Link to this heading">¶</a></h2>' +
          '<h3><a class="anchor" href="#usage"><svg></svg></a>Usage</h3>' +
          '<h3><a href="#id3">Workers</a> <a href="#workers">#</a></h3>' +
          '<h3>See <a href="/docs/#api">the API</a></h3><p>Jump <a href="#install">¶</a></p>',
      ),
    ).toBe(
      '## Install\n\n### Usage\n\n### [Workers](#id3)\n\n### See [the API](/docs/#api)\n\nJump [¶](#install)',
    );
    // A heading's words linking to the heading itself are its words; a link elsewhere stays.
    expect(
      markdown(
        '<h2 id="description"><a class="heading-anchor" href="#description">Description</a></h2><h3 id="faq"><a href="#contact">Contact us</a></h3>',
      ),
    ).toBe('## Description\n\n### [Contact us](#contact)');
  });

  it('keeps balanced parentheses of URLs as written, escaping those that would end the link', () => {
    expect(
      markdown(
        '<a href="https://x.test/wiki/Mojo_(language)">Mojo</a> <a href="https://x.test/a)b(">c</a> <img alt="i" src="https://x.test/f:max(150)/i.jpg">',
      ),
    ).toBe(
      '[Mojo](https://x.test/wiki/Mojo_(language)) [c](https://x.test/a\\)b\\() ![i](https://x.test/f:max(150)/i.jpg)',
    );
  });

  it('keeps the ampersands of URLs as written, escaping only what would read as a character reference', () => {
    expect(
      markdown(
        '<a href="https://x.test/p?v=1&amp;width=360">A &amp;b</a> <img alt="i" src="https://x.test/i.jpg?a=1&amp;b=2"> <a href="https://x.test/?q=&amp;copy;">c</a>',
      ),
    ).toBe(
      '[A &b](https://x.test/p?v=1&width=360) ![i](https://x.test/i.jpg?a=1&b=2) [c](https://x.test/?q=\\&copy;)',
    );
  });

  it('writes text without escapes that guard against nothing: ampersands, underscores in words, bare URLs and addresses', () => {
    const text =
      'S&amp;P 500, &amp;copy; my_var_name, _lead, see https://www.x.test/a_b or mail me@x.test now';
    expect(markdown(`<p>${text}</p>`)).toBe(
      'S&P 500, \\&copy; my_var_name, \\_lead, see https://www.x.test/a_b or mail me@x.test now',
    );
    // Read back, it is the same text: the bare URL and address become links that show themselves.
    const readBack = (written: string) =>
      mdastToString(fromMarkdown(written, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }));
    expect(readBack(markdown(`<p>${text}</p>`))).toBe(
      'S&P 500, &copy; my_var_name, _lead, see https://www.x.test/a_b or mail me@x.test now',
    );
    // Brackets are text unless they could make a link or a definition, or stand where a line may start
    // (a task's `[ ]`); with no definitions `[c][d]` is text, and `[a]\\(b)` no link.
    const brackets =
      '<p>[1] “Behind it, [we] listed”, as in [1-3]: [a](b) and [c][d] <a href="/e">see [2]</a></p>';
    expect(markdown(brackets)).toBe(
      '\\[1] “Behind it, [we] listed”, as in \\[1-3]: [a]\\(b) and [c][d] [see \\[2\\]](/e)',
    );
    expect(readBack(markdown(brackets))).toBe(
      '[1] “Behind it, [we] listed”, as in [1-3]: [a](b) and [c][d] see [2]',
    );
    // A `*` or `~` between spaces opens and closes nothing; touching a word (`a*b*c`, `~5`), at a line's
    // start (a list item) or at the text's edge it could, and stays escaped.
    const marks = '<p>5 * 3 * 2, x ~ y, a*b*c, ~5 km and ~7 km, rated 4 *<br>* 3</p>';
    expect(markdown(marks)).toBe('5 * 3 * 2, x ~ y, a\\*b\\*c, \\~5 km and \\~7 km, rated 4 \\*\\\n\\* 3');
    expect(readBack(markdown(marks))).toBe('5 * 3 * 2, x ~ y, a*b*c, ~5 km and ~7 km, rated 4 ** 3');
    // A URL running into a line break or emphasis keeps its escapes, as the link would take the `\` or `_`.
    const touching = '<p>https://x.test/a<br>https://x.test/<em>b</em> c</p>';
    expect(markdown(touching)).toBe('https\\://x.test/a\\\nhttps\\://x.test/_b_ c');
    // (A line break has no text of its own.)
    expect(readBack(markdown(touching))).toBe('https://x.test/ahttps://x.test/b c');
    // A URL that ends its paragraph or heading has nothing after it to take into its link.
    const ending = '<h2>X Desktop Group (http://www.x.test)</h2><p>Home: https://x.test/a_b</p>';
    expect(markdown(ending)).toBe('## X Desktop Group (http://www.x.test)\n\nHome: https://x.test/a_b');
    expect(readBack(markdown(ending))).toBe('X Desktop Group (http://www.x.test)Home: https://x.test/a_b');
  });

  it('writes a heading that is all bold without the bold, and keeps bold that is part of one', () => {
    expect(markdown('<h2><strong>Testing setup</strong></h2><h3>The <b>best</b> one</h3>')).toBe(
      '## Testing setup\n\n### The **best** one',
    );
  });

  it('writes a heading that holds blocks as one line, its blocks apart', () => {
    expect(
      markdown(
        '<h4>Connectivity <div class="tool-tip">Wired or wireless.</div></h4><h2><span>Step 1</span><div>Unpack</div></h2>',
      ),
    ).toBe('#### Connectivity Wired or wireless.\n\n## Step 1 Unpack');
  });

  it('writes a table caption as a paragraph before the table', () => {
    expect(
      markdown(
        '<table><caption>Table 2. <em>Boiling</em> points</caption><tr><th>Liquid</th><th>°C</th></tr><tr><td>Water</td><td>100</td></tr></table>',
      ),
    ).toBe('Table 2. _Boiling_ points\n\n| Liquid | °C |\n| - | - |\n| Water | 100 |');
    // A table in a cell is written as its text, which holds its caption once.
    expect(
      markdown(
        '<table><tr><th>Name</th><th>Fit</th></tr><tr><td><table><caption>Sizes</caption><tr><td>S M</td></tr></table></td><td>Slim</td></tr></table>',
      ),
    ).toBe('| Name | Fit |\n| - | - |\n| Sizes S M | Slim |');
  });

  it('writes a layout table as the blocks its cells hold, row by row, and keeps data tables as tables', () => {
    // A page laid out in a table: a sidebar cell and an article cell.
    expect(
      markdown(
        '<table><tr><td><a href="/">Home</a></td><td><h2>Vibe coding</h2><p>I have been teaching myself.</p><p>It went well.</p></td></tr></table>',
      ),
    ).toBe('[Home](/)\n\n## Vibe coding\n\nI have been teaching myself.\n\nIt went well.');
    expect(
      markdown(
        '<table role="presentation"><tr><td>Left</td><td>Right</td></tr><tr><td>a</td><td>b</td></tr></table>',
      ),
    ).toBe('Left\n\nRight\n\na\n\nb');
    // One column, or one row, is layout too.
    expect(
      markdown('<table><tr><td><p>Note</p></td></tr><tr><td><p>Run it twice.</p></td></tr></table>'),
    ).toBe('Note\n\nRun it twice.');
    // A post whose paragraphs are written apart by blank lines (`<br><br>`), beside its author's card.
    expect(
      markdown(
        '<table><tr><td>#1</td><td></td></tr><tr><td><a href="/u/1">ada</a><br>Posts: 12</td><td>First line of the post.<br><br>Second paragraph.</td></tr></table>',
      ),
    ).toBe('\\#1\n\n[ada](/u/1)\\\nPosts: 12\n\nFirst line of the post.\\\nSecond paragraph.');
    // A column of posts stays posts, whatever its markup says (a forum engine's summary attribute).
    expect(
      markdown(
        '<table summary="Message listing"><thead><tr><th></th></tr></thead><tr><td><b>ada</b> #1 <p>First post.</p></td></tr><tr><td><b>lin</b> #2 <p>Second.</p></td></tr></table>',
      ),
    ).toBe('**ada** #1\n\nFirst post.\n\n**lin** #2\n\nSecond.');
    // Headings as column headers, as editors write them, and header cells say data.
    expect(
      markdown(
        '<table><tr><td><h4>Ingredient</h4></td><td><h4>Amount</h4></td></tr><tr><td>Onions</td><td>3</td></tr></table>',
      ),
    ).toBe('| Ingredient | Amount |\n| - | - |\n| Onions | 3 |');
    expect(
      markdown(
        '<table><tr><th>Plan</th><th>Notes</th></tr><tr><td>Pro</td><td><p>Fast.</p><p>Costly.</p></td></tr></table>',
      ),
    ).toBe('| Plan | Notes |\n| - | - |\n| Pro | Fast.<br>Costly. |');
  });

  it('reads a bold first row of a table without header cells as its header, as word processors mark one', () => {
    // Mammoth's HTML of a Word table: cells of paragraphs, the header row in bold.
    expect(
      markdown(
        '<table><tr><td><p><strong>Region</strong></p></td><td><p><strong>Sales</strong></p></td><td></td></tr>' +
          '<tr><td><p>North</p></td><td><p>120</p></td><td>up</td></tr></table>',
      ),
    ).toBe('| Region | Sales | |\n| - | - | - |\n| North | 120 | up |');
    // A first row of data (a key in bold beside its value) stays data, under an empty header row.
    expect(
      markdown(
        '<table><tr><td><b>Weight</b></td><td>280 g</td></tr><tr><td><b>Power</b></td><td>2200 W</td></tr></table>',
      ),
    ).toBe('| | |\n| - | - |\n| **Weight** | 280 g |\n| **Power** | 2200 W |');
  });

  it('writes code laid out in a table as fenced code, without its line-number gutter', () => {
    expect(
      markdown(
        '<table class="lntable"><tr><td class="lntd"><pre><code><span>1\n</span><span>2\n</span></code></pre></td>' +
          '<td class="lntd"><pre><code class="language-c">int a;\nint b;</code></pre></td></tr></table>',
      ),
    ).toBe('```c\nint a;\nint b;\n```');
  });

  it('shows what an obsolete <content> wrapper holds, as a browser does', () => {
    expect(
      markdown(
        '<content xmlns:ou="http://omniupdate.com/XSL/Variables"><p>Programs</p><p>Courses</p></content>',
      ),
    ).toBe('Programs\n\nCourses');
  });

  it('writes a heading inside a <summary> on a line of its own, after what precedes it', () => {
    expect(
      markdown(
        '<details open><summary><span>1.0 · <a href="https://x.test/src">Source</a></span><h4>pub fn is_ok(&amp;self)</h4></summary><p>Returns true.</p></details>',
      ),
    ).toBe('1.0 · [Source](https://x.test/src)\n\n#### pub fn is_ok(&self)\n\nReturns true.');
    expect(markdown('<details><summary>Shipping <b>and</b> returns</summary><p>Free.</p></details>')).toBe(
      'Shipping **and** returns\n\nFree.',
    );
  });

  it('writes an emoji drawn as an image as the emoji, and keeps other images as images', () => {
    expect(
      markdown(
        '<p>Shipped <img class="emoji" alt="🚀" src="/e/rocket.png"> in <img class="wp-smiley" alt="🇬🇧" src="/e/gb.png"> <img alt="👩‍💻" src="/e/dev.png">; chart <img alt="1" src="/one.png"> <img alt="Sales chart" src="/chart.png"></p>',
      ),
    ).toBe('Shipped 🚀 in 🇬🇧 👩‍💻; chart ![1](/one.png) ![Sales chart](/chart.png)');
  });

  it('writes a link that leads nowhere as its text', () => {
    expect(
      markdown(
        '<p><a>Sort by price</a> or <a href="javascript:void(0)">filter <b>all</b></a>, then <a href="/x">go</a></p>',
      ),
    ).toBe('Sort by price or filter **all**, then [go](/x)');
  });

  it('writes a link inside a link as its content, as markdown links cannot nest', () => {
    expect(
      markdown(
        '<p><a href="https://shop.test/item">Watch <video src="https://cdn.test/clip.mp4" poster="https://cdn.test/p.jpg"></video> the clip</a></p>',
      ),
    ).toBe('[Watch ![](https://cdn.test/p.jpg) the clip](https://shop.test/item)');
  });

  it('fences code without a language as plain fenced code, also where the page leaves it to a guess', () => {
    expect(markdown('<pre>line 1\nline 2\n</pre>')).toBe('```\nline 1\nline 2\n```');
    expect(markdown('<pre><code class="lang-auto">line 1</code></pre>')).toBe('```\nline 1\n```');
  });

  it('lays out code written a line per block as a browser shows it, a closing <br> adding no line', () => {
    expect(
      markdown(
        '<pre><code class="language-js"><div class="cm-line">import a;<br></div><div class="cm-line"><br></div>' +
          '<div class="cm-line">  <span>run</span>(a);<br></div><div class="cm-line">done();<br></div></code></pre>' +
          '<pre>x<br>y<token-line>z</token-line></pre>',
      ),
    ).toBe('```js\nimport a;\n\n  run(a);\ndone();\n```\n\n```\nx\nyz\n```');
  });

  it('writes images and links with their URLs, inline code, quotes, emphasis and rules', () => {
    expect(
      markdown(
        '<p>See <a href="https://x.test/a">the <em>guide</em></a> and <code>npm i</code>.</p><blockquote><p>Quoted</p></blockquote><hr><p><img alt="Logo" src="https://x.test/l.png"> <strong>bold</strong></p>',
      ),
    ).toBe(
      'See [the _guide_](https://x.test/a) and `npm i`.\n\n> Quoted\n\n---\n\n![Logo](https://x.test/l.png) **bold**',
    );
  });

  it('keeps link text on one line and collapses blank-line runs, trimmed', () => {
    expect(
      markdown(
        '\n\n<div><p><a href="https://x.test/">Read\n  the\n  docs</a></p></div><div></div><div></div><p>End</p>\n',
      ),
    ).toBe('[Read the docs](https://x.test/)\n\nEnd');
  });

  it('keeps touching inline elements apart, as the page shows them, but not sub- and superscripts or parts of a word', () => {
    expect(markdown('<p><a href="/a">Action</a><a href="/b">Adventure</a><span>Co-op</span></p>')).toBe(
      '[Action](/a) [Adventure](/b) Co-op',
    );
    expect(markdown('<p><a href="/boards">Boards<span>9129</span></a></p>')).toBe('[Boards 9129](/boards)');
    expect(
      markdown(
        '<p>H<sub>2</sub>O on the 10<sup>th</sup>, <span>un</span>believable, <b>Price:</b><span>$5</span></p>',
      ),
    ).toBe('H2O on the 10th, unbelievable, **Price:**$5');
    // A price or a rating after a word or a number is apart; a trademark sign stays with its name.
    expect(
      markdown(
        '<p><span>€90.00</span><span>★ 4.0</span> <del>$120</del><ins>$90</ins> Free shipping<b>€5</b> <span>Trail</span><span>™</span></p>',
      ),
    ).toBe('€90.00 ★ 4.0 ~~$120~~ $90 Free shipping **€5** Trail™');
    expect(
      markdown(
        '<p><b>Pros:</b>Fast and secure<b>Cons:</b>Costly, <b class="title">Support</b>Our team, etc.<em>Name</em></p>',
      ),
    ).toBe('**Pros:** Fast and secure **Cons:** Costly, **Support** Our team, etc. _Name_');
    expect(
      markdown(
        '<p><span class="drop-cap">T</span>he <a href="/gcp">GC</a>P, <span>functools.</span><span>Placeholder</span></p>',
      ),
    ).toBe('The [GC](/gcp)P, functools.Placeholder');
    // A single small letter styled apart (a word's plural, a first letter) stays in its word; two links never join.
    expect(
      markdown(
        '<p>chase<b> event trend</b><span><strong>s</strong> for</span> <b>S</b><span>pecific</span> <span>s</span><span>pecific</span>' +
          ' <span>86x</span><span>return</span> <a href="/a">a</a><a href="/b">b</a></p>',
      ),
    ).toBe('chase **event trend**__s__ for **S**pecific specific 86x return [a](/a) [b](/b)');
    expect(markdown('<p>Donau<wbr>dampf<wbr>schiff</p>')).toBe('Donaudampfschiff');
    expect(markdown('<pre><code><span>get</span><span>Item</span><span>2</span>()</code></pre>')).toBe(
      '```\ngetItem2()\n```',
    );
  });

  it('writes a superscript touching a word with a caret (powers, footnote marks), but ordinals and cents attached', () => {
    expect(
      markdown(
        '<p>About 10<sup>6</sup> m<sup>2</sup>, the M3 Pro<sup><a href="#fn14">14</a></sup> and Materials<sup>a</sup> on the 1<sup>st</sup> and 2<sup>nd</sup> for $549<sup>00</sup>, see note <sup>[2]</sup></p>',
      ),
    ).toBe(
      'About 10^6 m^2, the M3 Pro^[14](#fn14) and Materials^a on the 1st and 2nd for $54900, see note \\[2]',
    );
  });

  it('puts a link around blocks into each block, so no link text holds list markers or line breaks', () => {
    expect(
      markdown('<a href="https://x.test/p/1"><ul><li>Trail shoe <b>ST-5</b></li><li>$108</li></ul></a>'),
    ).toBe('- [Trail shoe **ST-5**](https://x.test/p/1)\n- [$108](https://x.test/p/1)');
  });

  it('keeps a line break out of link text and headings, so neither is split over lines', () => {
    expect(markdown('<p>See <a href="/m">the<br>manual</a>.</p><h2>Part one<br>continued</h2>')).toBe(
      'See [the manual](/m).\n\n## Part one continued',
    );
  });

  it('writes a run of line breaks as one, none at the edges of a paragraph, and none inside the edge of bold', () => {
    expect(markdown('<p><br>a<br><br><br><br>b<br></p><p><b>c<br></b>d</p>')).toBe('a\\\nb\n\n**c**\\\nd');
  });

  it('moves every break and space at the edge of bold outside, and leaves no space beside a line break', () => {
    expect(
      markdown('<p>Fees<strong><br>&nbsp;Permits</strong><strong><br>&nbsp;<br></strong>Apply first.</p>'),
    ).toBe('Fees\\\n**Permits**\\\nApply first.');
    expect(markdown('<p>16GB to 32GB <br> 16GB to 128GB<br><em>(2014).&nbsp;<br></em></p>')).toBe(
      '16GB to 32GB\\\n16GB to 128GB\\\n_(2014)._',
    );
  });

  it('writes bold inside bold as one bold, and judges emphasis by what the writer puts beside it', () => {
    expect(
      markdown(
        '<p><strong><b><span>QUESTION 2</span>: H</b>ow much time?</strong> <em>a <i>b</i> c</em></p>',
      ),
    ).toBe('**QUESTION 2: How much time?** _a b c_');
    // Unwritable italic around writable-looking bold: both go, or the writer escapes the digit.
    expect(markdown('<p>Scored <em><strong>7.3/</strong></em>10 overall.</p>')).toBe(
      'Scored 7.3/10 overall.',
    );
    // Punctuation set apart from the words at its edge moves out, and the words stay bold.
    expect(markdown('<p>Be real<strong>: cups are small</strong>. <b>(ICAEW)</b>s</p>')).toBe(
      'Be real: **cups are small**. (ICAEW)s',
    );
    // A delimiter beside a link touches its bracket: `**:**` after `)` is bold, `**…)**s` is not.
    expect(
      markdown(
        '<p><a href="https://x.test/"><b>Trello</b></a><b>:</b> boards. <b><a href="https://x.test/y">link</a></b>s</p>',
      ),
    ).toBe('[**Trello**](https://x.test/)**:** boards. [link](https://x.test/y)s');
  });

  it('writes no line break between blocks, where invalid markup puts one beside a list', () => {
    expect(
      markdown(
        '<ul><strong>Minimum:</strong><br><ul><li><strong>OS:</strong> 10<br></li><li>8 GB</li></ul></ul>',
      ),
    ).toBe('- **Minimum:**\n  - **OS:** 10\n  - 8 GB');
  });

  it('puts the spaces at the edges of bold, italic and link text outside, and writes emphasis markdown cannot hold plain', () => {
    expect(
      markdown(
        '<p><b>Price: </b>$5, <a href="/x"> spaced </a>link, <em>lead</em>ing and <em>whole</em> words</p>',
      ),
    ).toBe('**Price:** $5, [spaced](/x) link, leading and _whole_ words');
    expect(
      markdown(
        '<p><b>Apps (e.g. TikTok)</b>Focus, <b>7.3/</b>10, <b>un</b>like, \u200d<em>Chile</em>, domain<s>,</s> x</p>',
      ),
    ).toBe('Apps (e.g. TikTok)Focus, 7.3/10, **un**like, \u200dChile, domain, x');
  });

  it("writes a table cell's blocks, list items, code lines and line breaks as the cell's lines, `<br>` between", () => {
    expect(
      markdown(
        '<table><tr><th>Spec</th><th>Values</th></tr><tr><td><p>Sizes</p><p>Fit</p></td>' +
          '<td><ul><li>S</li><li>M</li></ul></td></tr><tr><td><pre>a = 1\n\nb = 2</pre></td>' +
          '<td><table><tr><td>in</td><td>ner</td></tr></table></td></tr>' +
          '<tr><td><br>Mild<br><br><br>flaky<br></td><td><ol start="3"><li>Cut<ul><li>long</li></ul></li><li><p>Tie</p><p>tight</p></li></ol></td></tr></table>',
      ),
    ).toBe(
      '| Spec | Values |\n| - | - |\n| Sizes<br>Fit | - S<br>- M |\n| `a = 1`<br>`b = 2` | in ner |\n' +
        '| Mild<br>flaky | 3. Cut<br>- long<br>4. Tie<br>tight |',
    );
    // A heading is one line of text: what breaks it stays apart by a space.
    expect(markdown('<h2>Part<br>one <div>of two</div></h2>')).toBe('## Part one of two');
  });

  it('writes a cell holding tens of thousands of blocks on its one line', () => {
    const sizes = Array.from({ length: 40_000 }, (_, index) => `<li>s${index}</li>`).join('');
    const written = markdown(
      `<table><tr><th>Sizes</th><th>Kind</th></tr><tr><td><ul>${sizes}</ul></td><td>tee</td></tr></table>`,
    );
    expect(written.split('\n')).toHaveLength(3);
    expect(written).toMatch(/^\| - s0<br>- s1<br>- s2<br>.*<br>- s39999 \| tee \|$/m);
  });

  it('leaves code as written: its blank lines and trailing spaces stay while blank runs around it go', () => {
    expect(
      markdown(
        '<p>a</p><p>&nbsp;</p><pre><code>def f():   \n\n\n\n    pass</code></pre><ul><li><pre>x\n\n\ny</pre></li></ul>',
      ),
    ).toBe('a\n\n```\ndef f():   \n\n\n\n    pass\n```\n\n- ```\n  x\n\n\n  y\n  ```');
  });

  it('drops what shows nothing: images without a source, links without text or image, blank paragraphs, headings and items', () => {
    expect(
      markdown(
        '<p>x <a href="/icon"><i class="icon"></i></a> y</p><h2>&nbsp;</h2><p>\u200b</p><p><img alt="Author"></p>' +
          '<ul><li>a</li><li> </li><li><a href="/p"><img alt="p" src="/p.png"></a></li></ul><ul><li>&nbsp;</li></ul>',
      ),
    ).toBe('x y\n\n- a\n- [![p](/p.png)](/p)');
  });

  it('writes rules only between content: none first (it would read as front matter), last or twice in a row', () => {
    expect(
      markdown('<hr><h1>Title</h1><p>a</p><hr><p> </p><hr><blockquote><hr><p>b</p><hr></blockquote><hr>'),
    ).toBe('# Title\n\na\n\n---\n\n> b');
  });

  it('leaves no space or break written at the end of a paragraph whose last image had no source', () => {
    expect(markdown('<p><img alt="a" src="/a.png"> <img alt="b"></p><p>c<br><img alt="d"></p>')).toBe(
      '![a](/a.png)\n\nc',
    );
  });

  it('replaces base64 images unless asked to keep them', () => {
    const html = '<p>dot: <img alt="d" src="data:image/png;base64,iVBORw0KGgo="></p>';
    expect(markdown(html)).toBe('dot: ![d](<Base64-Image-Removed>)');
    expect(markdown(html, false)).toBe('dot: ![d](data:image/png;base64,iVBORw0KGgo=)');
    const svg = `<p><img alt="s" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' /%3E"></p>`;
    expect(markdown(svg)).toBe('![s](<Base64-Image-Removed>)');
  });
});
