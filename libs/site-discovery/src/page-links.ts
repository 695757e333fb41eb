import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';

/** Absolute http(s) link targets of an HTML page (honouring `<base href>`), de-duplicated, in order. */
export function linksOfHtml(html: string, pageUrl: string): string[] {
  const tree = fromHtml(html);
  let base = pageUrl;
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'base' && typeof node.properties.href === 'string') {
      base = resolve(node.properties.href, pageUrl) ?? pageUrl;
      return false;
    }
  });
  const links = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'a' && node.tagName !== 'area') return;
    const href = node.properties.href;
    if (typeof href !== 'string' || href.startsWith('#')) return;
    const url = resolve(href, base);
    if (url && /^https?:/.test(url)) links.add(url);
  });
  return [...links];
}

function resolve(href: string, base: string): string | undefined {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}
