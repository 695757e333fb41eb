import type { Element } from 'hast';
import { childElements, holdsElement } from './walk-elements.js';

/**
 * Whether a table lays out the page rather than holding data. One column is a list, never a table.
 * Otherwise, as in Readability's data-table test, markup decides first (`role="presentation"` says
 * layout; its own header cells, `<thead>`, caption or summary say data; a table inside it says
 * layout), then the shape: one row is layout, ten rows or more than four columns are data, and of
 * the rest a table with a cell of running text (several paragraphs, a heading and its text) is
 * layout. A heading alone in a cell is a column's header, as editors write them. Extraction judges
 * a data table's cells as one unit; markdown writes a layout table as the blocks its cells hold.
 */
export function isLayoutTable(element: Element): boolean {
  const role = String(element.properties.role ?? '');
  if (role === 'presentation' || role === 'none') return true;
  const rows = rowsOf(element);
  const columns = rows.reduce((most, row) => Math.max(most, cellsOf(row).length), 0);
  // One column is a list whatever its markup says (forum engines give their one column of posts a summary).
  if (columns <= 1) return true;
  const headed = rows.some((row) => cellsOf(row).some((cell) => cell.tagName === 'th'));
  const marked = childElements(element).some(
    (child) => child.tagName === 'caption' || child.tagName === 'thead',
  );
  if (headed || marked || element.properties.summary !== undefined) return false;
  if (holdsElement(element, (inner) => inner.tagName === 'table')) return true;
  if (rows.length <= 1) return true;
  if (rows.length >= 10 || columns > 4) return false;
  return rows.some((row) => cellsOf(row).some(holdsProse));
}

/** A table's rows, in the order a browser lays them out (`thead`, `tbody` and `tfoot` in document order). */
export function rowsOf(table: Element): Element[] {
  return childElements(table).flatMap((child) =>
    child.tagName === 'tr' ? [child] : childElements(child).filter((row) => row.tagName === 'tr'),
  );
}

export const cellsOf = (row: Element) =>
  childElements(row).filter((cell) => cell.tagName === 'td' || cell.tagName === 'th');

const PROSE_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'blockquote', 'pre']);

/**
 * Whether a cell holds running text: two or more blocks (paragraphs, headings, lists, quotes, code),
 * or paragraphs written the old way, apart by a blank line (`<br><br>`: a forum post in its table).
 */
function holdsProse(cell: Element): boolean {
  let blocks = 0;
  return (
    holdsBlankLine(cell) ||
    holdsElement(cell, (inner) => {
      if (PROSE_BLOCKS.has(inner.tagName)) blocks++;
      return blocks >= 2 || holdsBlankLine(inner);
    })
  );
}

/** Two `<br>` in a row among an element's children (white space between): a blank line. */
function holdsBlankLine(element: Element): boolean {
  let previousWasBreak = false;
  for (const child of element.children) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    const isBreak = child.type === 'element' && child.tagName === 'br';
    if (isBreak && previousWasBreak) return true;
    previousWasBreak = isBreak;
  }
  return false;
}
