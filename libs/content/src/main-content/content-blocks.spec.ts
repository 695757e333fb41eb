import type { Element } from 'hast';
import { select } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import { parseHtml } from '#structured';
import { collapse, collapsedLength, contentBlocks, removeOwnText } from './content-blocks.js';

const bodyOf = (html: string) => select('body', parseHtml(html)) as Element;

describe('contentBlocks', () => {
  it('gives each block element the text it shows itself, in reading order, with its links', () => {
    const { blocks } = contentBlocks(
      bodyOf(`<body><div class="card">Intro of <b>the card</b><p>A <a href="/x">linked</a> paragraph.</p>
        <ul><li>First item</li><li><span>Second</span> item</li></ul></div></body>`),
    );
    expect(blocks.map((block) => [block.element.tagName, block.text])).toEqual([
      ['div', 'Intro of the card'],
      ['p', 'A linked paragraph.'],
      ['li', 'First item'],
      ['li', 'Second item'],
    ]);
    expect(blocks[1]).toMatchObject({
      links: 1,
      linkText: 'linked'.length,
      offset: 'Intro of the card'.length,
    });
    expect(blocks[2]?.ancestors.map((element) => element.tagName)).toEqual(['ul', 'div', 'body']);
  });

  it("places a block's own text where a reader meets it: loose text after a heading follows the heading", () => {
    const { blocks } = contentBlocks(
      bodyOf(`<body><main><h1>Our ropes</h1> Spun on the quay. <img src="/a.jpg"><p>Since 1952.</p></main>
        <div class="post"><div class="author">ada</div><blockquote>A quote.</blockquote>My reply.</div></body>`),
    );
    expect(blocks.map((block) => [block.element.tagName, block.text])).toEqual([
      ['h1', 'Our ropes'],
      ['main', 'Spun on the quay.'],
      ['p', 'Since 1952.'],
      ['div', 'ada'],
      ['blockquote', 'A quote.'],
      ['div', 'My reply.'],
    ]);
    expect(blocks[1]?.offset).toBe('Our ropes'.length);
  });

  it('keeps a code block whole however it is marked up inside, and lists image-only blocks apart', () => {
    const { blocks, media } = contentBlocks(
      bodyOf(`<body><p>Run it:</p><pre><div class="line">npm ci</div><div class="line">npm test</div></pre>
        <figure><img src="/a.png" alt="A chart"></figure><p>After the chart.</p></body>`),
    );
    expect(blocks.map((block) => block.text)).toEqual(['Run it:', 'npm ci npm test', 'After the chart.']);
    expect(media.map(({ element, after }) => [element.tagName, after])).toEqual([['figure', 1]]);
  });
});

describe('removeOwnText', () => {
  it('drops the text a block shows itself and keeps the blocks nested in it, inside their link too', () => {
    const body = bodyOf(
      `<body><div>Sponsored <a href="/card"><span>by us</span><p>The story itself.</p></a> more</div></body>`,
    );
    const div = select('div', body) as Element;
    removeOwnText(div);
    expect(hastToString(div)).toBe('The story itself.');
    expect(select('a > p', div)).toBeDefined();
  });

  it('keeps the images of its own content that the caller keeps, given what is beside each', () => {
    const body = bodyOf(
      `<body><article><a href="/print">Print</a><p>Kept.</p><img src="photo.jpg"><div><p>Kept too.</p></div><p>Dropped.</p><a href="/"><img src="logo.png"></a></article></body>`,
    );
    const article = select('article', body) as Element;
    const kept = new Set(['Kept.', 'Kept too.']);
    removeOwnText(article, (_, beside) => beside.some((element) => kept.has(hastToString(element))));
    expect(select('img[src="photo.jpg"]', article)).toBeDefined();
    expect(select('img[src="logo.png"]', article)).toBeUndefined();
    expect(hastToString(article)).toBe('Kept.Kept too.Dropped.');
  });
});

describe('collapsedLength', () => {
  it('counts what collapse keeps, for every character \\s matches and around them', () => {
    const spaces = [...Array(0x10000).keys()]
      .map((code) => String.fromCharCode(code))
      .filter((character) => /\s/.test(character));
    expect(spaces.length).toBeGreaterThan(20);
    for (const space of [...spaces, '\u200b', '\u0085', 'x']) {
      for (const text of [
        `${space}a${space}${space}b${space}`,
        `a${space}b`,
        `${space}${space}`,
        `\ud83d\ude00${space}é`,
      ]) {
        expect([JSON.stringify(text), collapsedLength(text)]).toEqual([
          JSON.stringify(text),
          collapse(text).length,
        ]);
      }
    }
  });
});
