import type { Element, Root } from 'hast';
import { parseHtml } from '#structured';
import { removeBoilerplate } from '../clean/boilerplate-floor.js';
import { eachElement, removeElements } from '../tree/walk-elements.js';
import { measureBlocks } from './block-stats.js';

function allOf(root: Root | Element): Element[] {
  const elements: Element[] = [];
  eachElement(root, (element) => {
    elements.push(element);
    return true;
  });
  return elements;
}

describe('measureBlocks of a page the boilerplate floor edited', () => {
  it('brings the measures taken before the floor up to date: what measuring the floored page from scratch gives', () => {
    const html = `<body><nav hidden><ul>${'<li><a href="/x">A menu entry of the page</a></li>'.repeat(20)}</ul></nav>
      <header><a href="/">Home</a></header><main><h1>Title</h1><p>Some   text with
      <a href="/y">a link</a> <span style="display: none">and hidden words</span> in it.</p>
      <div class="share"><a href="/s">Share this page</a></div>
      <details><summary>More</summary><div aria-hidden="true">Closed text</div></details></main></body>`;
    const page = parseHtml(html);
    const measures = removeBoilerplate(page);
    expect(measures.changed.size).toBeGreaterThan(0);
    const fresh = parseHtml(html);
    removeBoilerplate(fresh);
    const again = measureBlocks(page, measures);
    expect(allOf(page).map((element) => again.get(element))).toEqual(
      allOf(fresh).map((element) => measureBlocks(fresh).get(element)),
    );
    expect(measures.changed.size).toBe(0);
    // Each text node collapsed on its own (the spaces between them not counted), the hidden ones left out.
    expect(again.get(allOf(page).find((element) => element.tagName === 'main') as Element)?.text).toBe(
      'Title'.length + 'Some text with'.length + 'a link'.length + 'in it.'.length + 'More'.length,
    );
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
    // The removal changed what the list and the form's container hold: the test reads changed stats.
    expect(changed.size).toBeGreaterThan(0);
    const again = measureBlocks(page, { stats, changed });
    expect(allOf(page).map((element) => again.get(element))).toEqual(
      allOf(fresh).map((element) => measureBlocks(fresh).get(element)),
    );
    expect(changed.size).toBe(0);
    expect(again.get(allOf(page).find((element) => element.tagName === 'ul') as Element)?.anchorLinks).toBe(
      0,
    );
  });

  it('leaves the nodes around the part it measures to be measured again', () => {
    const page = parseHtml('<body><main><p>Stays here.</p><form><button>Go</button></form></main></body>');
    const measures = { stats: measureBlocks(page), changed: new Set<Element | typeof page>() };
    removeElements(page, (element) => element.tagName === 'form', measures.changed);
    const main = allOf(page).find((element) => element.tagName === 'main') as Element;
    const body = allOf(page).find((element) => element.tagName === 'body') as Element;
    measureBlocks(main, measures);
    expect(measures.changed.has(main)).toBe(false);
    expect([page, body].every((node) => measures.changed.has(node))).toBe(true);
    expect(measureBlocks(page, measures).get(body)?.text).toBe('Stays here.'.length);
    expect(measures.changed.size).toBe(0);
  });
});
