import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { type DocumentProperties, propertiesHead } from './document-properties.js';

/** One sheet of a workbook (or a CSV file): its rows of cell texts, under a heading when it has a name. */
export interface TextSheet {
  heading?: string;
  rows: string[][];
}

/**
 * Sheets as HTML, under the workbook's title and author: each a heading and a table whose first row is its header (as most sheets are
 * laid out), every row as wide as the widest.
 */
export function tablesHtml(properties: DocumentProperties, sheets: readonly TextSheet[]): string {
  const body: ElementContent[] = sheets.flatMap(({ heading, rows }) => [
    ...(heading === undefined ? [] : [element('h2', [text(heading)])]),
    ...(rows.length > 0 ? [sheetTable(rows)] : []),
  ]);
  const root: Root = {
    type: 'root',
    children: [element('html', [propertiesHead(properties), element('body', body)])],
  };
  return toHtml(root);
}

function sheetTable([header = [], ...rows]: string[][]): Element {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const cells = (row: string[], tag: 'th' | 'td') =>
    element(
      'tr',
      Array.from({ length: width }, (_, index) => element(tag, [text(row[index] ?? '')])),
    );
  return element('table', [
    element('thead', [cells(header, 'th')]),
    element(
      'tbody',
      rows.map((row) => cells(row, 'td')),
    ),
  ]);
}

const element = (tagName: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
