import { posix } from 'node:path';
import { unzipSync } from 'fflate';
import type { ElementContent, Element as HastElement, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { find, html } from 'property-information';
import type { Element as XmlElement, Root as XmlRoot } from 'xast';
import { fromXml } from 'xast-util-from-xml';
import { propertiesHead, textOfFirst } from './document-properties.js';
import { OfficeError } from './office-error.js';

/** Images a chapter shows, inlined as `data:` URIs (as Word images are) since the book's files have no address. */
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

type Entries = Record<string, Uint8Array>;

/**
 * An e-book (.epub) as one HTML document: its chapters in reading order (the package's spine, items
 * marked non-linear left out), each a `<section>`, under the book's title and author. Chapters are
 * XHTML, so they are read as XML (an `<a id="x"/>` closes itself); links between chapters keep their
 * text, images become `data:` URIs.
 */
export function epubHtml(bytes: Uint8Array): string {
  let entries: Entries;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw invalid(`not a ZIP archive (${error instanceof Error ? error.message : String(error)})`);
  }
  const packagePath = attributeOf(
    descendants(parseXml(entries, 'META-INF/container.xml'), 'rootfile')[0],
    'full-path',
  );
  if (!packagePath) throw invalid('META-INF/container.xml names no package document');
  const packageDocument = parseXml(entries, packagePath);
  const base = posix.dirname(packagePath);
  const manifest = new Map(
    descendants(packageDocument, 'item').map((item) => [
      attributeOf(item, 'id'),
      posix.join(base, decodeURIComponent(attributeOf(item, 'href') ?? '')),
    ]),
  );
  const chapters = descendants(packageDocument, 'itemref')
    .filter((itemref) => attributeOf(itemref, 'linear') !== 'no')
    .map((itemref) => manifest.get(attributeOf(itemref, 'idref')))
    .filter((path): path is string => path !== undefined && entries[path] !== undefined)
    .map((path) => chapterSection(entries, path));
  const head = propertiesHead({
    title: textOfFirst(packageDocument.children, 'title'),
    author: textOfFirst(packageDocument.children, 'creator'),
  });
  return toHtml(element('html', {}, [head, element('body', {}, chapters)]));
}

/** A chapter's body as a section; a chapter that is not well-formed XML is skipped rather than sinking the book. */
function chapterSection(entries: Entries, path: string): HastElement {
  let root: XmlRoot;
  try {
    root = parseXml(entries, path);
  } catch {
    return element('section', {}, []);
  }
  const body = descendants(root, 'body')[0];
  return element('section', {}, body ? body.children.flatMap((child) => toHast(child, entries, path)) : []);
}

/** XHTML to hast: attribute names become hast properties, local links lose their target, images their file. */
function toHast(node: XmlRoot['children'][number], entries: Entries, chapterPath: string): ElementContent[] {
  if (node.type === 'text' || node.type === 'cdata') return [text(node.value)];
  if (node.type !== 'element') return [];
  const tagName = localName(node.name);
  const properties: Properties = {};
  for (const [name, value] of Object.entries(node.attributes)) {
    if (value === null || value === undefined || name.includes(':') || name.startsWith('xmlns')) continue;
    properties[find(html, name).property] = value;
  }
  if (
    tagName === 'a' &&
    typeof properties.href === 'string' &&
    !/^[a-z][a-z0-9+.-]*:/i.test(properties.href)
  ) {
    delete properties.href;
  }
  if (tagName === 'img' && typeof properties.src === 'string') {
    const image = inlineImage(
      entries,
      posix.join(posix.dirname(chapterPath), decodeURIComponent(properties.src)),
    );
    if (image) properties.src = image;
    else delete properties.src;
  }
  return [
    element(
      tagName,
      properties,
      node.children.flatMap((child) => toHast(child, entries, chapterPath)),
    ),
  ];
}

function inlineImage(entries: Entries, path: string): string | undefined {
  const type = IMAGE_TYPES[posix.extname(path).toLowerCase()];
  const bytes = entries[path];
  return type && bytes ? `data:${type};base64,${Buffer.from(bytes).toString('base64')}` : undefined;
}

function parseXml(entries: Entries, path: string): XmlRoot {
  const bytes = entries[path];
  if (!bytes) throw invalid(`${path} is missing`);
  try {
    return fromXml(new TextDecoder().decode(bytes));
  } catch (error) {
    throw invalid(
      `${path} is not well-formed XML (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** Elements named `name` in any namespace (`dc:title` is `title`), in document order. */
function descendants(parent: XmlRoot | XmlElement, name: string): XmlElement[] {
  return parent.children.flatMap((child) =>
    child.type === 'element'
      ? [...(localName(child.name) === name ? [child] : []), ...descendants(child, name)]
      : [],
  );
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const attributeOf = (element: XmlElement | undefined, name: string) => element?.attributes[name] ?? undefined;

const invalid = (reason: string) =>
  new OfficeError('SCRAPE_DOCUMENT_INVALID', `The e-book could not be read: ${reason}`);

const element = (tagName: string, properties: Properties, children: ElementContent[]): HastElement => ({
  type: 'element',
  tagName,
  properties,
  children,
});
const text = (value: string): ElementContent => ({ type: 'text', value });
