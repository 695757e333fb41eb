import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { type DocumentProperties, propertiesHead } from './document-properties.js';

/** One sheet of a workbook (or a CSV file): its rows of cell texts, under a heading when it has a name. */
export interface TextSheet {
  heading?: string;
  rows: string[][];
}

/**
 * Sheets as HTML, under the workbook's title and author: each a heading and a table whose first row
 * is its header (as most sheets are laid out), every row as wide as the widest.
 */
export function tablesHtml(properties: DocumentProperties, sheets: readonly TextSheet[]): string {
  const body = sheets.flatMap(({ heading, rows }) => [
    ...(heading === undefined ? [] : [h('h2', heading)]),
    ...(rows.length > 0 ? [sheetTable(rows)] : []),
  ]);
  return toHtml(h('html', [propertiesHead(properties), h('body', body)]));
}

function sheetTable([header = [], ...rows]: string[][]): Element {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const cells = (row: string[], tag: 'th' | 'td') =>
    h(
      'tr',
      Array.from({ length: width }, (_, index) => h(tag, row[index] ?? '')),
    );
  return h('table', [
    h('thead', [cells(header, 'th')]),
    h(
      'tbody',
      rows.map((row) => cells(row, 'td')),
    ),
  ]);
}
