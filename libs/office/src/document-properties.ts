import { unzipSync } from 'fflate';
import type { Element, ElementContent } from 'hast';
import type { RootContent, Element as XmlElement } from 'xast';
import { fromXml } from 'xast-util-from-xml';

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
    const title = textOfFirst(root.children, 'title');
    const author = textOfFirst(root.children, 'creator');
    return { ...(title ? { title } : {}), ...(author ? { author } : {}) };
  } catch {
    return {};
  }
}

/** The `<head>` that carries a document's properties into the page's metadata (`title`, `author`). */
export function propertiesHead({ title, author }: DocumentProperties): Element {
  const children: ElementContent[] = [
    ...(title ? [headElement('title', {}, [{ type: 'text', value: title }])] : []),
    ...(author ? [headElement('meta', { name: 'author', content: author }, [])] : []),
  ];
  return headElement('head', {}, children);
}

const headElement = (
  tagName: string,
  properties: Element['properties'],
  children: ElementContent[],
): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** The trimmed text of the first element named `name` in any namespace (`dc:title` is `title`). */
export function textOfFirst(nodes: readonly RootContent[], name: string): string | undefined {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    if (node.name.slice(node.name.indexOf(':') + 1) === name) return xmlText(node).trim() || undefined;
    const inner = textOfFirst(node.children, name);
    if (inner) return inner;
  }
  return undefined;
}

function xmlText(element: XmlElement): string {
  return element.children
    .map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? xmlText(child) : ''))
    .join('');
}
