import type { Element } from 'hast';
import { parseHtml } from '#structured';
import { eachElement, removeElements } from '../tree/walk-elements.js';
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

describe('measureBlocks after removals', () => {
  it('measures again only where something went, and gives what measuring from scratch gives', () => {
    const html = `<body><main><h1>A title of the page</h1>
      <p>Prose that stays, with <a href="/a">a link that stays in it</a> and more words.</p>
      <div><p>A paragraph of twenty characters or more.</p><form><input><button>Subscribe now</button></form></div>
      <ul><li><a href="#x">An anchor link to remove</a></li><li>An item that stays in the list</li></ul>
      <aside hidden><p>Hidden text that stays hidden.</p></aside></main></body>`;
    const page = parseHtml(html);
    const stats = measureBlocks(page);
    const changed = new Set<Element | typeof page>();
    const goes = (element: Element) => element.tagName === 'form' || element.properties.href === '#x';
    removeElements(page, goes, changed);
    const fresh = parseHtml(html);
    removeElements(fresh, goes);
    const allOf = (root: typeof page) => {
      const elements: Element[] = [];
      eachElement(root, (element) => {
        elements.push(element);
        return true;
      });
      return elements;
    };
    const again = measureBlocks(page, { stats, changed });
    expect(allOf(page).map((element) => again.get(element))).toEqual(
      allOf(fresh).map((element) => measureBlocks(fresh).get(element)),
    );
    // The removal changed what the list and the form's container hold: the test reads changed stats.
    expect(changed.size).toBeGreaterThan(0);
    expect(again.get(allOf(page).find((element) => element.tagName === 'ul') as Element)?.anchorLinks).toBe(
      0,
    );
  });
});
