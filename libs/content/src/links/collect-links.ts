import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

/**
 * Every link of the page (after URL resolution): absolute http(s) and mailto targets, in
 * document order, de-duplicated; same-page `#fragment` links are not links to anything else.
 */
export function collectLinks(tree: Root): string[] {
  const links = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'a' && node.tagName !== 'area') return;
    const href = node.properties.href;
    if (typeof href === 'string' && /^(https?:|mailto:)/i.test(href)) links.add(href);
  });
  return [...links];
}

/** Every image source of the page (largest srcset candidate), de-duplicated, in document order. */
export function collectImages(tree: Root, options: { removeBase64Images: boolean }): string[] {
  const images = new Set<string>();
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'img') return;
    const src = node.properties.src;
    if (typeof src !== 'string' || !src) return;
    if (src.startsWith('data:') ? !options.removeBase64Images : /^https?:/i.test(src)) images.add(src);
  });
  return [...images];
}
