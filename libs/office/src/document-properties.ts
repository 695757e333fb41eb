import { unzipSync } from 'fflate';
import type { Element } from 'hast';
import { h } from 'hastscript';
import { fromXml } from 'xast-util-from-xml';
import { descendants, textOf } from './xml-elements.js';

/** The title and author a document names for itself. */
export interface DocumentProperties {
  title?: string;
  author?: string;
}

/**
 * A Word or Excel file's title and author from its package properties (`docProps/core.xml`, which
 * Office and LibreOffice save): nothing when the part is missing or unreadable, since the document
 * itself still reads.
 */
export function packageProperties(bytes: Uint8Array): DocumentProperties {
  try {
    const part = unzipSync(bytes, { filter: (file) => file.name === 'docProps/core.xml' })[
      'docProps/core.xml'
    ];
    if (!part) return {};
    const root = fromXml(new TextDecoder().decode(part));
    const title = textOf(descendants(root, 'title')[0]);
    const author = textOf(descendants(root, 'creator')[0]);
    return { ...(title ? { title } : {}), ...(author ? { author } : {}) };
  } catch {
    return {};
  }
}

/** The `<head>` that carries a document's properties into the page's metadata (`title`, `author`). */
export function propertiesHead({ title, author }: DocumentProperties): Element {
  return h('head', [
    ...(title ? [h('title', title)] : []),
    ...(author ? [h('meta', { name: 'author', content: author })] : []),
  ]);
}
