import type { Element, ElementContent } from 'hast';
import { defaultHandlers, type Handle } from 'hast-util-to-mdast';
import { toString as hastToString } from 'hast-util-to-string';
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
  const written = defaultHandlers.table(state, node);
  if (!caption || !written) return written;
  return [...state.toFlow(state.all(caption)), ...(Array.isArray(written) ? written : [written])];
};

/**
 * Whether a table lays out the page rather than holding data. As in Readability's data-table test,
 * markup decides first (`role="presentation"` says layout; its own header cells, `<thead>`, caption
 * or summary say data; a table inside it says layout), then the shape: one row or one column is
 * layout, ten rows or more than four columns are data, and of the rest a table with a cell of running
 * text (several paragraphs, a heading and its text) is layout. A heading alone in a cell is a column's
 * header, as editors write them.
 */
export function isLayoutTable(element: Element): boolean {
  const role = String(element.properties.role ?? '');
  if (role === 'presentation' || role === 'none') return true;
  const rows = rowsOf(element);
  const headed = rows.some((row) => cellsOf(row).some((cell) => cell.tagName === 'th'));
  const marked = elements(element.children).some(
    (child) => child.tagName === 'caption' || child.tagName === 'thead',
  );
  if (headed || marked || element.properties.summary !== undefined) return false;
  if (holdsElement(element, (inner) => inner.tagName === 'table')) return true;
  const columns = rows.reduce((most, row) => Math.max(most, cellsOf(row).length), 0);
  if (rows.length <= 1 || columns <= 1) return true;
  if (rows.length >= 10 || columns > 4) return false;
  return rows.some((row) => cellsOf(row).some(holdsProse));
}

const isCaption = (node: ElementContent): node is Element =>
  node.type === 'element' && node.tagName === 'caption';

const PROSE_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre']);

const elements = (children: ElementContent[]) =>
  children.filter((child): child is Element => child.type === 'element');

/** Its rows, in the order a browser lays them out (`thead`, `tbody` and `tfoot` in document order). */
function rowsOf(element: Element): Element[] {
  return elements(element.children).flatMap((child) =>
    child.tagName === 'tr' ? [child] : elements(child.children).filter((row) => row.tagName === 'tr'),
  );
}

const cellsOf = (row: Element) =>
  elements(row.children).filter((cell) => cell.tagName === 'td' || cell.tagName === 'th');

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

/** Whether a cell holds running text: two or more blocks (paragraphs, headings, lists, quotes, code). */
function holdsProse(cell: Element): boolean {
  let blocks = 0;
  return holdsElement(cell, (inner) => {
    if (PROSE_BLOCKS.has(inner.tagName)) blocks++;
    return blocks >= 2;
  });
}
