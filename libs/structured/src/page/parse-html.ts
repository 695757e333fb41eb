import type { Root } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { type DefaultTreeAdapterMap, parse, parseFragment } from 'parse5';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

/**
 * How deep elements nest at most, as in Chromium's HTML parser (`kMaximumHTMLParserDOMTreeDepth`):
 * what lies deeper is laid out flat at this depth, in document order (text stays in the element
 * that holds it). Unclosed tags repeated in a loop or script-built DOM nest thousands deep, and
 * converting such a tree recursed past the stack (hast-util-from-parse5 overflowed at about 1,100
 * levels in a fresh process), failing the page.
 */
export const MAX_DEPTH = 512;

/**
 * HTML → hast, parsed as a browser with scripting on parses it, except that each `<noscript>`'s
 * content is then parsed as markup on its own (a page served to crawlers, lazy images), shadow
 * roots are laid into their hosts as rendered, and nesting is capped at `MAX_DEPTH`: a whole page, or with `fragment` a piece of markup (a product description).
 */
export function parseHtml(html: string, { fragment = false } = {}): Root {
  const document = fragment ? parseFragment(html) : parse(html);
  expandNoscripts(document);
  flattenShadowRoots(document);
  capDepth(document);
  return fromParse5(document) as Root;
}

/**
 * A `<noscript>` parsed with scripting on holds its markup as text. Parsed as markup in place, with
 * scripting off, everything after an unclosed element in it would run into it: Google Tag
 * Manager's `<noscript><iframe … /></noscript>` (a self-closing iframe, as React writes it) made
 * the rest of the page the iframe's text. Parsed apart, the iframe ends with its `<noscript>`.
 */
function expandNoscripts(document: ParentNode): void {
  const pending: ParentNode[] = [document];
  for (let node = pending.pop(); node; node = pending.pop()) {
    for (const child of node.childNodes) {
      if (!('childNodes' in child)) continue;
      if (child.nodeName === 'noscript') expandNoscript(child);
      else pending.push(child);
    }
    if ('content' in node) pending.push(node.content);
  }
}

function expandNoscript(noscript: ParentNode): void {
  const [text] = noscript.childNodes;
  if (noscript.childNodes.length !== 1 || !text || !('value' in text)) return;
  const markup = parseFragment(text.value, { scriptingEnabled: false });
  for (const child of markup.childNodes) child.parentNode = noscript as ChildNode['parentNode'];
  noscript.childNodes = markup.childNodes;
}

type Element = DefaultTreeAdapterMap['element'];
type Template = DefaultTreeAdapterMap['template'];

const attribute = (element: Element, name: string) =>
  element.attrs.find((entry) => entry.name === name)?.value;

const isShadowRoot = (node: ChildNode): node is Template =>
  node.nodeName === 'template' && attribute(node as Element, 'shadowrootmode') !== undefined;

/**
 * A declarative shadow root (`<template shadowrootmode>`, as a rendered page with web components is
 * serialized) becomes what its host shows: the root's content, each `<slot>` replaced by the host's
 * children assigned to it (by their `slot` name; the rest go to the unnamed slot), or by its own
 * fallback content when none are. Children no slot takes are not shown, so they go.
 */
function flattenShadowRoots(document: ParentNode): void {
  const pending: ParentNode[] = [document];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const root = node.childNodes.find(isShadowRoot);
    if (root) {
      const light = node.childNodes.filter((child) => child !== root);
      node.childNodes = slotted(root.content.childNodes, light);
      for (const child of node.childNodes) child.parentNode = node as ChildNode['parentNode'];
    }
    for (const child of node.childNodes) if ('childNodes' in child) pending.push(child);
    if ('content' in node) pending.push(node.content);
  }
}

function slotted(nodes: ChildNode[], light: ChildNode[]): ChildNode[] {
  return nodes.flatMap((node) => {
    if (!('childNodes' in node)) return [node];
    if (node.nodeName !== 'slot') {
      node.childNodes = slotted(node.childNodes, light);
      for (const child of node.childNodes) child.parentNode = node as ChildNode['parentNode'];
      return [node];
    }
    const name = attribute(node as Element, 'name') ?? '';
    const assigned = light.filter(
      (child) => ('attrs' in child ? (attribute(child, 'slot') ?? '') : '') === name,
    );
    return assigned.length > 0 ? assigned : slotted(node.childNodes, light);
  });
}

/** Walks the tree without recursion and lays flat every element at `MAX_DEPTH`. */
function capDepth(document: ParentNode): void {
  const pending: Array<{ node: ParentNode; depth: number }> = [{ node: document, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (depth === MAX_DEPTH) {
      layFlat(node);
      continue;
    }
    for (const child of node.childNodes)
      if ('childNodes' in child) pending.push({ node: child, depth: depth + 1 });
    if ('content' in node) pending.push({ node: node.content, depth: depth + 1 });
  }
}

/**
 * Every node below `node` becomes its child, in document order: wrappers are emptied, while an
 * element that holds only text keeps it (a heading, a paragraph, a link stays one).
 */
function layFlat(node: ParentNode): void {
  const flat: ChildNode[] = [];
  const pending = [...node.childNodes].reverse();
  for (let child = pending.pop(); child; child = pending.pop()) {
    flat.push(child);
    child.parentNode = node;
    if ('content' in child) layFlat(child.content);
    if (!('childNodes' in child) || !child.childNodes.some((inner) => 'childNodes' in inner)) continue;
    for (let index = child.childNodes.length - 1; index >= 0; index--)
      pending.push(child.childNodes[index] as ChildNode);
    child.childNodes = [];
  }
  node.childNodes = flat;
}
