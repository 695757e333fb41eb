import { posix } from 'node:path';
import { unzipSync } from 'fflate';
import type { ElementContent, Element as HastElement } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import type { Element as XmlElement, Root as XmlRoot } from 'xast';
import { fromXml } from 'xast-util-from-xml';
import { propertiesHead } from './document-properties.js';
import { OfficeError } from './office-error.js';
import { descendants, localName, textOf } from './xml-elements.js';

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
    title: textOf(descendants(packageDocument, 'title')[0]),
    author: textOf(descendants(packageDocument, 'creator')[0]),
  });
  return toHtml(h('html', [head, h('body', chapters)]));
}

/** A chapter's body as a section; a chapter that is not well-formed XML is skipped rather than sinking the book. */
function chapterSection(entries: Entries, path: string): HastElement {
  let root: XmlRoot;
  try {
    root = parseXml(entries, path);
  } catch {
    return h('section');
  }
  const body = descendants(root, 'body')[0];
  return h('section', body ? body.children.flatMap((child) => toHast(child, entries, path)) : []);
}

/** XHTML to hast (hastscript maps attribute names to properties): local links lose their target, images their file. */
function toHast(node: XmlRoot['children'][number], entries: Entries, chapterPath: string): ElementContent[] {
  if (node.type === 'text' || node.type === 'cdata') return [{ type: 'text', value: node.value }];
  if (node.type !== 'element') return [];
  const tagName = localName(node.name);
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(node.attributes)) {
    if (typeof value === 'string' && !name.includes(':') && !name.startsWith('xmlns'))
      attributes[name] = value;
  }
  if (tagName === 'a' && attributes.href !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(attributes.href)) {
    delete attributes.href;
  }
  if (tagName === 'img' && attributes.src !== undefined) {
    const image = inlineImage(
      entries,
      posix.join(posix.dirname(chapterPath), decodeURIComponent(attributes.src)),
    );
    if (image) attributes.src = image;
    else delete attributes.src;
  }
  return [
    h(
      tagName,
      attributes,
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

const attributeOf = (element: XmlElement | undefined, name: string) => element?.attributes[name] ?? undefined;

const invalid = (reason: string) =>
  new OfficeError('SCRAPE_DOCUMENT_INVALID', `The e-book could not be read: ${reason}`);
