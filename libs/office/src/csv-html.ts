import { parse } from 'csv-parse/sync';
import { OfficeError } from './office-error.js';
import { tablesHtml } from './tables-html.js';

/** Separators a CSV file may use; spreadsheets in many locales write `;`. */
const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * A CSV file as HTML, by csv-parse: one table whose first row is its header. The separator is the
 * one the first line uses most outside quotes; a byte-order mark is dropped and rows may differ in
 * width (short rows are padded).
 */
export function csvHtml(bytes: Uint8Array): string {
  const source = new TextDecoder().decode(bytes);
  try {
    const rows: string[][] = parse(source, {
      delimiter: separatorOf(source),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
    return tablesHtml({}, [{ rows }]);
  } catch (error) {
    throw new OfficeError(
      'SCRAPE_DOCUMENT_INVALID',
      `The CSV file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function separatorOf(source: string): string {
  const firstLine = (source.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = SEPARATORS.map((separator) => firstLine.split(separator).length - 1);
  const most = Math.max(...counts);
  return most === 0 ? ',' : (SEPARATORS[counts.indexOf(most)] as string);
}
