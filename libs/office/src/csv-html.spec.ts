import { csvHtml } from './csv-html.js';

const table = (head: string[], ...rows: string[][]) =>
  `<html><head></head><body><table><thead><tr>${head.map((cell) => `<th>${cell}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></body></html>`;

describe('csvHtml', () => {
  it('reads quoted fields holding separators, quotes and line breaks; drops a byte-order mark', () => {
    const csv =
      '\uFEFFRoute,Note\r\nBryher,"Calls at ""New Grimsby"", weather allowing"\r\n"Tresco","Two\nboats"\r\n';
    expect(csvHtml(Buffer.from(csv))).toBe(
      table(
        ['Route', 'Note'],
        ['Bryher', 'Calls at "New Grimsby", weather allowing'],
        ['Tresco', 'Two\nboats'],
      ),
    );
  });

  it('takes the separator the header uses most (semicolons from European spreadsheets, tabs) and pads short rows', () => {
    expect(csvHtml(Buffer.from('Route;Fare;Daily\nBryher;12,50;yes\nTresco;9,00\n'))).toBe(
      table(['Route', 'Fare', 'Daily'], ['Bryher', '12,50', 'yes'], ['Tresco', '9,00', '']),
    );
    expect(csvHtml(Buffer.from('Route\tFare\nBryher\t12.50\n'))).toBe(
      table(['Route', 'Fare'], ['Bryher', '12.50']),
    );
  });
});
