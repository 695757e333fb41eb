import { zip } from './zip.js';

/**
 * A block of a test document: a heading, a paragraph (runs, some bold), a link, or a table of rows
 * whose first row may be marked as a header is often marked: bold, or in LibreOffice's "Table
 * Heading" paragraph style.
 */
export type TestDocxBlock =
  | { heading: string }
  | { paragraph: { text: string; bold?: boolean }[] }
  | { link: { text: string; href: string } }
  | { table: string[][]; firstRow?: 'bold' | 'table-heading-style' };

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(text)}</w:t></w:r>`;

/** A minimal, valid Word document for specs, as Word writes one: parts in a ZIP, styles named as Word names them. */
export function buildTestDocx(
  blocks: TestDocxBlock[],
  properties?: { title: string; creator: string },
): Buffer {
  const links: string[] = [];
  const body = blocks
    .map((block) => {
      if ('heading' in block)
        return `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run(block.heading)}</w:p>`;
      if ('paragraph' in block)
        return `<w:p>${block.paragraph.map((part) => run(part.text, part.bold)).join('')}</w:p>`;
      if ('link' in block) {
        links.push(block.link.href);
        return `<w:p><w:hyperlink r:id="link${links.length}">${run(block.link.text)}</w:hyperlink></w:p>`;
      }
      const rows = block.table
        .map((row, index) => {
          const bold = index === 0 && block.firstRow === 'bold';
          const style =
            index === 0 && block.firstRow === 'table-heading-style'
              ? '<w:pPr><w:pStyle w:val="TableHeading"/></w:pPr>'
              : '';
          return `<w:tr>${row.map((cell) => `<w:tc><w:p>${style}${run(cell, bold)}</w:p></w:tc>`).join('')}</w:tr>`;
        })
        .join('');
      return `<w:tbl>${rows}</w:tbl>`;
    })
    .join('');
  const relationship = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationship}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels':
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="styles" Type="${relationship}/styles" Target="styles.xml"/>` +
      links
        .map(
          (href, index) =>
            `<Relationship Id="link${index + 1}" Type="${relationship}/hyperlink" Target="${xmlText(href)}" TargetMode="External"/>`,
        )
        .join('') +
      '</Relationships>',
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style><w:style w:type="paragraph" w:styleId="TableHeading"><w:name w:val="Table Heading"/></w:style></w:styles>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${W} ${R}><w:body>${body}</w:body></w:document>`,
    ...(properties
      ? {
          'docProps/core.xml':
            '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">' +
            `<dc:title>${xmlText(properties.title)}</dc:title><dc:creator>${xmlText(properties.creator)}</dc:creator></cp:coreProperties>`,
        }
      : {}),
  });
}
