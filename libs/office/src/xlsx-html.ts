import readXlsxFile, { type Row, type Sheet } from 'read-excel-file/node';
import { packageProperties } from './document-properties.js';
import { OfficeError } from './office-error.js';
import { tablesHtml } from './tables-html.js';

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
  return tablesHtml(
    packageProperties(bytes),
    sheets.map(({ sheet, data }) => ({ heading: sheet, rows: data.map((row) => row.map(cellText)) })),
  );
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
