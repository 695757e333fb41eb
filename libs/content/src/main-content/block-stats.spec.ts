import type { Element } from 'hast';
import { parseHtml } from '#structured';
import { eachElement } from '../tree/walk-elements.js';
import { measureBlocks, measureText } from './block-stats.js';

describe('measureText', () => {
  const page =
    parseHtml(`<body><nav hidden><ul>${'<li><a href="/x">A menu entry of the page</a></li>'.repeat(20)}</ul></nav>
    <main><h1>Title</h1><p>Some   text with
      <a href="/y">a link</a> <span style="display: none">and hidden words</span> in it.</p>
    <details><summary>More</summary><div aria-hidden="true">Closed text</div></details></main></body>`);

  it('gives every element the text measureBlocks counts, what the markup hides adding nothing around it', () => {
    const blocks = measureBlocks(page);
    const text = measureText(page);
    const elements: Element[] = [];
    eachElement(page, (element) => {
      elements.push(element);
      return true;
    });
    expect(elements.map((element) => text.of(element))).toEqual(
      elements.map((element) => blocks.get(element)?.text),
    );
    // Each text node collapsed on its own (the spaces between them not counted), the hidden ones left out.
    expect(text.of(elements.find((element) => element.tagName === 'main') as Element)).toBe(
      'Title'.length + 'Some text with'.length + 'a link'.length + 'in it.'.length + 'More'.length,
    );
  });

  it('gives the most any element holds: a hidden menu larger than what the page shows', () => {
    expect(measureText(page).most).toBe(20 * 'A menu entry of the page'.length);
  });
});
