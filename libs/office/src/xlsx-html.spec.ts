import { OfficeError } from './office-error.js';
import { buildTestXlsx } from './testing/build-test-xlsx.js';
import { xlsxHtml } from './xlsx-html.js';

describe('xlsxHtml', () => {
  it('gives each sheet a heading and a table headed by its first row, ragged rows padded', async () => {
    const html = await xlsxHtml(
      buildTestXlsx([
        {
          name: 'Fares',
          rows: [
            ['Route', 'Fare', 'Daily'],
            ['Bryher', 12.5, true],
            ['Tresco', 9],
          ],
        },
        { name: 'Notes', rows: [['Closed on <Sundays> & holidays']] },
      ]),
    );
    expect(html).toBe(
      '<html><head></head><body><h2>Fares</h2><table><thead><tr><th>Route</th><th>Fare</th><th>Daily</th></tr></thead>' +
        '<tbody><tr><td>Bryher</td><td>12.5</td><td>TRUE</td></tr><tr><td>Tresco</td><td>9</td><td></td></tr></tbody></table>' +
        '<h2>Notes</h2><table><thead><tr><th>Closed on &#x3C;Sundays> &#x26; holidays</th></tr></thead><tbody></tbody></table></body></html>',
    );
  });

  it('answers SCRAPE_DOCUMENT_INVALID for bytes that are not a workbook', async () => {
    const failure = await xlsxHtml(Buffer.from('not a zip')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OfficeError);
    expect(failure).toMatchObject({ code: 'SCRAPE_DOCUMENT_INVALID' });
  });
});
