import type { Element, Root } from 'hast';
import { parseHtml } from './parse-html.js';
import { absoluteUrl, attr, type ParsedPage, textOf } from './parse-page.js';

/** A schema.org-like item: `@type` (short names, e.g. `Product`) plus its properties. */
export type StructuredItem = Record<string, unknown> & { '@type'?: string | string[] };

/**
 * Every JSON-LD object of the page, flattened out of arrays and `@graph` lists (nested objects
 * stay nested). Invalid JSON-LD blocks are skipped: pages ship broken ones often.
 */
export function jsonLdItems(page: ParsedPage): StructuredItem[] {
  const items: StructuredItem[] = [];
  for (const script of jsonLdScripts(page.tree)) {
    const source = script.children.map((child) => ('value' in child ? String(child.value) : '')).join('');
    try {
      collect(JSON.parse(source), items);
    } catch {
      // A broken block says nothing reliable.
    }
  }
  return items;
}

/**
 * The page's JSON-LD scripts. A plain recursion, as every conversion with onlyMainContent reads
 * them: unist-util-visit's walk, which tracks every node's ancestors, cost five times as much.
 */
function jsonLdScripts(node: Root | Element, found: Element[] = []): Element[] {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName !== 'script') jsonLdScripts(child, found);
    else if (/ld\+json/i.test(attr(child, 'type') ?? '')) found.push(child);
  }
  return found;
}

function collect(value: unknown, into: StructuredItem[]) {
  if (Array.isArray(value)) {
    for (const entry of value) collect(entry, into);
    return;
  }
  if (!isObject(value)) return;
  if (Array.isArray(value['@graph'])) collect(value['@graph'], into);
  if (value['@type'] !== undefined) into.push(shortTypes(value));
}

/** `https://schema.org/Product` → `Product`, recursively, so callers compare short names. */
function shortTypes(item: Record<string, unknown>): StructuredItem {
  const result: StructuredItem = {};
  for (const [key, value] of Object.entries(item)) {
    if (key === '@type') result[key] = Array.isArray(value) ? value.map(shortName) : shortName(value);
    else if (Array.isArray(value))
      result[key] = value.map((entry) => (isObject(entry) ? shortTypes(entry) : entry));
    else result[key] = isObject(value) ? shortTypes(value) : value;
  }
  return result;
}

/** A character reference (`&amp;`, `&#39;`) or a tag (`<p>`, `<wbr/>`): a string written as HTML. */
const WRITTEN_AS_HTML = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);|<\/?[a-z][^>]*>/i;

/**
 * JSON-LD strings hold plain text, but themes write HTML into them ("white &amp; green",
 * "<p>Soft cotton tops.</p>"): such a string is read as the text a browser would show.
 */
function htmlText(value: string): string {
  return WRITTEN_AS_HTML.test(value) ? textOf(parseHtml(value, { fragment: true })) : value;
}

function shortName(type: unknown): string {
  return String(type).replace(/^.*[/#]/, '');
}

/** How one attribute syntax marks an item (its type, or null when the element opens none) and its property names. */
interface ItemSyntax {
  itemType(node: Element): string | null;
  propertyNames(node: Element): string[];
}

/**
 * Items of an attribute syntax as objects shaped like JSON-LD: nested scopes become nested
 * objects, repeated properties become arrays, a property that opens an item is a nested item.
 */
function attributeItems(page: ParsedPage, syntax: ItemSyntax): StructuredItem[] {
  const items: StructuredItem[] = [];
  const walk = (node: Element, owner: StructuredItem | undefined) => {
    const type = syntax.itemType(node);
    const props = syntax.propertyNames(node);
    let scope = owner;
    if (type !== null) {
      const item: StructuredItem = type ? { '@type': shortName(type.split(/\s+/)[0]) } : {};
      if (owner && props.length > 0) for (const prop of props) addProperty(owner, prop, item);
      else items.push(item);
      scope = item;
    } else if (owner && props.length > 0) {
      for (const prop of props) addProperty(owner, prop, microdataValue(node, page.url));
    }
    for (const child of node.children) if (child.type === 'element') walk(child, scope);
  };
  for (const child of page.tree.children) if (child.type === 'element') walk(child, undefined);
  return items;
}

/** Microdata: `itemscope` opens an item (typed by `itemtype`, if any), `itemprop` names properties. */
const MICRODATA: ItemSyntax = {
  itemType: (node) =>
    node.properties.itemScope !== undefined && node.properties.itemScope !== false
      ? (attr(node, 'itemType') ?? '')
      : null,
  propertyNames: (node) => attr(node, 'itemProp')?.split(/\s+/).filter(Boolean) ?? [],
};

/** RDFa (Lite): `typeof` opens an item, `property` adds to the nearest one; `schema:name` keeps its local name. */
const RDFA: ItemSyntax = {
  itemType: (node) => attr(node, 'typeof') || null,
  propertyNames: (node) =>
    attr(node, 'property')
      ?.split(/\s+/)
      .filter(Boolean)
      .map((name) => name.replace(/^.*[:/#]/, '')) ?? [],
};

function addProperty(item: StructuredItem, name: string, value: unknown) {
  const existing = item[name];
  if (existing === undefined) item[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else item[name] = [existing, value];
}

/** The value of an `itemprop` element, per the microdata spec's table. */
function microdataValue(node: Element, base: string): string {
  switch (node.tagName) {
    case 'meta':
      return attr(node, 'content') ?? '';
    case 'a':
    case 'link':
    case 'area':
      return absoluteUrl(attr(node, 'href'), base) ?? '';
    case 'img':
    case 'source':
    case 'audio':
    case 'video':
    case 'iframe':
      return absoluteUrl(attr(node, 'src'), base) ?? '';
    case 'time':
      return attr(node, 'dateTime') ?? textOf(node);
    case 'data':
    case 'meter':
      return attr(node, 'value') ?? textOf(node);
    default:
      return attr(node, 'content') ?? textOf(node);
  }
}

/** JSON-LD, microdata and RDFa together, JSON-LD first (it is usually the most complete). */
export function structuredItems(page: ParsedPage): StructuredItem[] {
  return [...jsonLdItems(page), ...attributeItems(page, MICRODATA), ...attributeItems(page, RDFA)];
}

/** Items of one of the types, found at any depth (a Product inside an ItemPage, a Menu inside a Restaurant). */
export function itemsOfType(items: StructuredItem[], ...types: string[]): StructuredItem[] {
  return typedItems(items).filter((item) => hasType(item, ...types));
}

/** Every item with a `@type`, nested ones included (an ItemList's products, a product's offers), in page order. */
export function typedItems(items: StructuredItem[]): StructuredItem[] {
  const found: StructuredItem[] = [];
  const visitItem = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const entry of value) visitItem(entry);
      return;
    }
    if (!isObject(value)) return;
    if (value['@type'] !== undefined) found.push(value as StructuredItem);
    for (const [key, child] of Object.entries(value)) if (key !== '@type') visitItem(child);
  };
  visitItem(items);
  return found;
}

function hasType(item: StructuredItem, ...types: string[]): boolean {
  const own = Array.isArray(item['@type']) ? item['@type'] : [item['@type']];
  return own.some((type) => typeof type === 'string' && types.includes(type));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property as a list (JSON-LD allows one value or many). */
export function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A property as the text a reader sees: markup read as HTML, `{name}` / `{@value}` objects by their name. */
export function asText(value: unknown): string | undefined {
  const written = asWritten(value);
  return written === undefined ? undefined : htmlText(written).trim() || undefined;
}

/**
 * A property as the page wrote it, markup and character references kept (a description whose
 * paragraphs and bold text the main content lays out), `{name}` / `{@value}` objects by their name.
 */
export function asWritten(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return asWritten(value[0]);
  if (isObject(value)) return asWritten(value.name ?? value['@value'] ?? value.url ?? value.text);
  return undefined;
}
