import type { Element, ElementContent, Root, RootContent } from 'hast';
import { phrasing } from 'hast-util-phrasing';
import { holdsElement } from '../tree/walk-elements.js';

/**
 * A link around blocks (a card: `<a href><ul><li>Gender</li>…</ul></a>`) cannot be one markdown
 * link: its text would hold list markers and line breaks, and readers would see the raw brackets
 * and URL. The link goes down into each block instead, around the text that block shows, as
 * hast-util-to-mdast already does for headings and paragraphs but not for lists.
 */
export function linksIntoBlocks() {
  const walk = (node: Root | Element) => {
    const children: RootContent[] = [];
    for (const child of node.children) {
      if (child.type === 'element' && child.tagName === 'a' && holdsBlock(child))
        children.push(...linkedRuns(child.children, child));
      else {
        if (child.type === 'element') walk(child);
        children.push(child);
      }
    }
    node.children = children as typeof node.children;
  };
  return (tree: Root) => walk(tree);
}

/** The children with each run of inline content wrapped in a copy of the link, blocks entered. */
function linkedRuns(children: ElementContent[], link: Element): ElementContent[] {
  const result: ElementContent[] = [];
  let run: ElementContent[] = [];
  const closeRun = () => {
    if (run.some((node) => node.type !== 'text' || node.value.trim() !== ''))
      result.push({ ...link, children: run });
    else result.push(...run);
    run = [];
  };
  for (const child of children) {
    if (child.type === 'element' && !phrasing(child)) {
      closeRun();
      result.push({ ...child, children: linkedRuns(child.children, link) });
    } else run.push(child);
  }
  closeRun();
  return result;
}

const holdsBlock = (element: Element) => holdsElement(element, (child) => !phrasing(child));
