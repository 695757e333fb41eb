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
  const written = defaultHandlers.table(state, node);
  return written ? [...title, ...[written].flat()] : title;
};

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
