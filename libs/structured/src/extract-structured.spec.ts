import { extractStructured } from './extract-structured.js';

/** A shop page whose main content, as onlyMainContent keeps it, is the description without the price. */
const html = `<title>Iris Hemp Dress | Goshop</title><main><h1>Iris Hemp Dress</h1>
  <p class="price">€549.56</p><button>Add to basket</button>
  <p>A strappy dress of three flowing layers, with a side zip and a pocket.</p></main>`;
const markdown =
  '# Iris Hemp Dress\n\nA strappy dress of three flowing layers, with a side zip and a pocket.';
/** The local answer to a question about a page given by its markup and its main content's markdown. */
const answerOn =
  (page: { html: string; url: string; markdown: string }) =>
  (question: string): string | undefined =>
    extractStructured({ ...page, request: { question } }).answer;
const answer = answerOn({ html, url: 'http://shop.test/iris', markdown });

describe('extractStructured', () => {
  it('answers who wrote the page, when it was published and what it is about from its data, when no sentence says', () => {
    const article = `<head><meta property="article:published_time" content="2015-07-14T19:24:13+00:00">
      <meta name="description" content="Mix soap and water against aphids.">
      <script type="application/ld+json">{"@context": "https://schema.org", "@type": "BlogPosting",
        "headline": "Garden spray", "author": {"@type": "Person", "name": "Jill Winger"}}</script></head>
      <main><h1>Garden spray</h1><p>Mix soap and water; spray the leaves at dusk.</p></main>`;
    const ask = answerOn({
      html: article,
      url: 'http://homestead.test/spray',
      markdown: '# Garden spray\n\nMix soap and water; spray the leaves at dusk.',
    });
    expect(ask('Who wrote this article?')).toBe('Jill Winger');
    expect(ask('Who is the author?')).toBe('Jill Winger');
    expect(ask('When was it published?')).toBe('2015-07-14T19:24:13+00:00');
    expect(ask("What's this page about?")).toBe('Mix soap and water against aphids.');
    // Who wrote something the page is about is not the page's byline.
    expect(ask('Who wrote the book on soap sprays?')).toBe('The page does not answer this question.');
    // Two questions in one: each part answered.
    expect(ask('Who wrote this post and when?')).toBe('Jill Winger; 2015-07-14T19:24:13+00:00');
  });

  it("answers a question of the product's price from the product the page shows, when no sentence does", () => {
    expect(answer('How much does it cost?')).toBe('Iris Hemp Dress: €549.56');
    expect(answer('What is the price of the dress?')).toBe('Iris Hemp Dress: €549.56');
    // A price of something else, or another measure, the product's price does not answer.
    expect(answer('How much does shipping cost?')).toBe('The page does not answer this question.');
    expect(answer('How long is the dress?')).toBe('The page does not answer this question.');
    // A sentence that gives the price answers first.
    const said = answerOn({
      html,
      url: 'http://shop.test/iris',
      markdown: `${markdown}\n\nThe dress costs €549.56 in any size.`,
    });
    expect(said('How much does the dress cost?')).toBe('The dress costs €549.56 in any size.');
  });

  it("answers what a product is made of, its weight and the shop's phone and e-mail from the page's data", () => {
    const shop = `<title>Copper Kettle | Hearth</title><main><h1>Copper Kettle</h1><p class="price">£44.99</p>
      <p>A hand-finished kettle that boils on any hob.</p>
      <table><tr><th>Material</th><td>Copper, stainless steel base</td></tr><tr><th>Weight</th><td>1.2 kg</td></tr></table>
      </main><footer>Call us on <a href="tel:+441134960000">0113 496 0000</a> · <a href="mailto:shop@hearth.test">shop@hearth.test</a></footer>`;
    const ask = answerOn({
      html: shop,
      url: 'http://hearth.test/kettle',
      markdown:
        '# Copper Kettle\n\nA hand-finished kettle that boils on any hob.\n\n| Material | Copper, stainless steel base |\n| - | - |\n| Weight | 1.2 kg |',
    });
    expect(ask('What is it made of?')).toBe('Copper, stainless steel base');
    expect(ask('What material is the kettle?')).toBe('Material: Copper, stainless steel base');
    expect(ask('How much does it weigh?')).toBe('Weight: 1.2 kg');
    expect(ask('What is your phone number?')).toBe('0113 496 0000');
    expect(ask("What's the email address?")).toBe('shop@hearth.test');
    // What the data does not hold stays unanswered.
    expect(ask('What is the warranty?')).toBe('The page does not answer this question.');
  });

  it('says why a summary is empty', () => {
    const empty = extractStructured({
      html: '<main><h1>Link post</h1><ul><li>a</li></ul></main>',
      url: 'http://links.test/',
      markdown: '# Link post\n\n- a',
      request: { summary: true },
    });
    expect(empty.summary).toBe('');
    expect(empty.notes.summary).toMatch(
      /^summary is empty: the page has no whole sentence, nor a description/,
    );
  });
});
