import { zip } from './zip.js';

/** A chapter of a test e-book: its file name under `OEBPS/`, its XHTML body, and whether it is read in order. */
export interface TestChapter {
  file: string;
  body: string;
  linear?: boolean;
}

/**
 * A minimal, valid EPUB 3 for specs: container, package document (title, author, manifest, spine in
 * the order given) and XHTML chapters; `files` adds other entries under `OEBPS/` (images).
 */
export function buildTestEpub(
  book: { title: string; author: string; chapters: TestChapter[] },
  files: Record<string, string> = {},
): Buffer {
  const id = (index: number) => `chapter-${index + 1}`;
  return zip({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml':
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
      '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    'OEBPS/content.opf':
      '<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">' +
      `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">test</dc:identifier><dc:title>${book.title}</dc:title><dc:creator>${book.author}</dc:creator><dc:language>en</dc:language></metadata>` +
      `<manifest>${book.chapters
        .map(
          (chapter, index) =>
            `<item id="${id(index)}" href="${chapter.file}" media-type="application/xhtml+xml"/>`,
        )
        .join('')}</manifest>` +
      `<spine>${book.chapters
        .map(
          (chapter, index) =>
            `<itemref idref="${id(index)}"${chapter.linear === false ? ' linear="no"' : ''}/>`,
        )
        .join('')}</spine></package>`,
    ...Object.fromEntries(
      book.chapters.map((chapter) => [
        `OEBPS/${chapter.file}`,
        `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${chapter.file}</title></head><body>${chapter.body}</body></html>`,
      ]),
    ),
    ...Object.fromEntries(Object.entries(files).map(([name, content]) => [`OEBPS/${name}`, content])),
  });
}
