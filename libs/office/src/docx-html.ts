import { toHtml } from 'hast-util-to-html';
import mammoth from 'mammoth';
import { packageProperties, propertiesHead } from './document-properties.js';
import { OfficeError } from './office-error.js';

/**
 * LibreOffice (and OpenOffice) write a table's header row in their "Table Heading" paragraph style,
 * which mammoth does not know: as bold, the row reads as the table's header, as a bold first row does.
 */
const TABLE_HEADING = "p[style-name='Table Heading'] => p:fresh > strong:fresh";

/**
 * A Word (.docx) document as semantic HTML, by mammoth: headings from the paragraph styles, lists,
 * tables, links, bold and italics, images inline as `data:` URIs (which the markdown step replaces
 * unless `removeBase64Images` is off), its title and author from the package properties. Files the
 * document links to are never read.
 */
export async function docxHtml(bytes: Uint8Array): Promise<string> {
  try {
    const { value } = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { externalFileAccess: false, styleMap: [TABLE_HEADING] },
    );
    return `<html>${toHtml(propertiesHead(packageProperties(bytes)))}<body>${value}</body></html>`;
  } catch (error) {
    throw new OfficeError(
      'SCRAPE_DOCUMENT_INVALID',
      `The Word document could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
