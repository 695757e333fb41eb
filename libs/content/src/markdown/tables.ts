import type { Element, ElementContent } from 'hast';
import { defaultHandlers, type Handle } from 'hast-util-to-mdast';
import { toString as hastToString } from 'hast-util-to-string';
import { cellsOf, isLayoutTable, rowsOf } from '../tree/layout-tables.js';
import { holdsElement } from '../tree/walk-elements.js';

/**
 * How a table is written. A data table is a GFM table, its `<caption>` (its title: "Table 2. Boiling
 * points") a paragraph before it, where a browser shows it: GFM tables have no place for one, so
 * hast-util-to-mdast leaves it out; a table in a table's cell is written as its text, caption and all.
 * A layout table is written as what its cells hold, row by row, as blocks: old sites and forum
 * engines put whole articles, posts and sidebars in cells, which as a GFM table would each be one
 * line of thousands of words.
 */
export const table: Handle = (state, node) => {
  const caption = state.inTable ? undefined : node.children.find(isCaption);
  if (!state.inTable && isLayoutTable(node))
    return [caption, ...layoutCells(node)].flatMap((part) => (part ? state.toFlow(state.all(part)) : []));
  const title = caption ? state.toFlow(state.all(caption)) : [];
  const written = defaultHandlers.table(state, withHeaderRow(node));
  return written ? [...title, ...[written].flat()] : title;
};

const HEADER_MARKS = new Set(['b', 'strong', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BOLD = new Set(['b', 'strong']);

/**
 * A table without header cells whose first row reads as its header (every cell with text is bold or a
 * heading: how word processors' documents, Mammoth's HTML of them, and editors mark one) has that row,
 * unbolded, as its header. Any other headless table is written under an empty header row, as GFM
 * needs one.
 */
function withHeaderRow(table: Element): Element {
  const [first, second] = rowsOf(table);
  if (
    !first ||
    !second ||
    holdsElement(table, (inner) => inner.tagName === 'th' || inner.tagName === 'thead')
  )
    return table;
  const cells = cellsOf(first);
  const texts = cells.filter((cell) => hastToString(cell).trim() !== '');
  if (texts.length === 0 || !texts.every((cell) => unmarkedText(cell).trim() === '')) return table;
  const header: Element = {
    ...first,
    children: first.children.map((child) =>
      child.type === 'element' && cells.includes(child)
        ? { ...child, tagName: 'th', children: withoutBold(child.children) }
        : child,
    ),
  };
  return withReplaced(table, first, header);
}

/** The text of a cell outside bold and headings. */
const unmarkedText = (node: ElementContent): string =>
  node.type === 'text'
    ? node.value
    : node.type === 'element' && !HEADER_MARKS.has(node.tagName)
      ? node.children.map(unmarkedText).join('')
      : '';

const withoutBold = (nodes: ElementContent[]): ElementContent[] =>
  nodes.flatMap((node) =>
    node.type !== 'element'
      ? [node]
      : BOLD.has(node.tagName)
        ? withoutBold(node.children)
        : [{ ...node, children: withoutBold(node.children) }],
  );

/** `root` with `target` (one of its descendants) replaced, copying only the elements on the way to it. */
function withReplaced(root: Element, target: Element, replacement: Element): Element {
  return {
    ...root,
    children: root.children.map((child) =>
      child === target
        ? replacement
        : child.type === 'element' && holdsElement(child, (inner) => inner === target)
          ? withReplaced(child, target, replacement)
          : child,
    ),
  };
}

const isCaption = (node: ElementContent): node is Element =>
  node.type === 'element' && node.tagName === 'caption';

/**
 * The cells of a layout table, row by row: what a reader sees stacked once the layout is gone. A code
 * block's line-number gutter (Pygments' `linenos`, Rouge's `gutter`, Chroma's `lntd`: a cell of the
 * numbers 1, 2, 3… beside a cell of code) is left out, as it is not part of the code.
 */
const layoutCells = (element: Element) =>
  rowsOf(element).flatMap((row) => {
    const cells = cellsOf(row);
    const code = cells.some((cell) => holdsElement(cell, (inner) => inner.tagName === 'pre'));
    return code ? cells.filter((cell) => !isLineNumbers(cell)) : cells;
  });

function isLineNumbers(cell: Element): boolean {
  const numbers = hastToString(cell).trim().split(/\s+/);
  return numbers.length >= 2 && numbers.every((number, index) => number === String(index + 1));
}
