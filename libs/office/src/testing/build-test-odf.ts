import { zip } from './zip.js';

/** The OpenDocument kinds specs build: a text document, a spreadsheet, a presentation. */
export type OdfKind = 'text' | 'spreadsheet' | 'presentation';

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
].join(' ');

/**
 * A minimal, valid OpenDocument file for specs (.odt, .ods, .odp): the `mimetype` entry first, the
 * manifest, and `content.xml` whose body holds `bodyXml` (ODF elements in the namespaces above).
 */
export function buildTestOdf(kind: OdfKind, bodyXml: string): Buffer {
  const mimeType = `application/vnd.oasis.opendocument.${kind}`;
  return zip({
    mimetype: mimeType,
    'META-INF/manifest.xml':
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
      `<manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/>` +
      '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NAMESPACES} office:version="1.2"><office:body><office:${kind}>${bodyXml}</office:${kind}></office:body></office:document-content>`,
  });
}
