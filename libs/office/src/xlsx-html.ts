import type { Element, ElementContent, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import readXlsxFile, { type Row, type Sheet } from 'read-excel-file/node';
import { OfficeError } from './office-error.js';

type Cell = Row[number];

/**
 * An Excel (.xlsx) workbook as HTML, by read-excel-file: each sheet a heading and a table whose
 * first row is its header (as most sheets are laid out). Formulas give the value the spreadsheet
 * saved, dates their ISO date (with the time when it has one).
 */
export async function xlsxHtml(bytes: Uint8Array): Promise<string> {
  let sheets: Sheet[];
  try {
    sheets = await readXlsxFile(Buffer.from(bytes));
  } catch (error) {
    throw new OfficeError(
      'SCRAPE_DOCUMENT_INVALID',
      `The Excel workbook could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body: ElementContent[] = sheets.flatMap(({ sheet, data }) => [
    element('h2', [text(sheet)]),
    ...(data.length > 0 ? [sheetTable(data)] : []),
  ]);
  const root: Root = { type: 'root', children: [element('html', [element('body', body)])] };
  return toHtml(root);
}

function sheetTable([header = [], ...rows]: Row[]): Element {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const cells = (row: Row, tag: 'th' | 'td') =>
    element(
      'tr',
      Array.from({ length: width }, (_, index) => element(tag, [text(cellText(row[index] ?? null))])),
    );
  return element('table', [
    element('thead', [cells(header, 'th')]),
    element(
      'tbody',
      rows.map((row) => cells(row, 'td')),
    ),
  ]);
}

/** The library's types name the Date constructor where it returns Date instances. */
function cellText(value: Cell | Date): string {
  if (value === null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

const element = (tagName: string, children: ElementContent[]): Element => ({
  type: 'element',
  tagName,
  properties: {},
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
