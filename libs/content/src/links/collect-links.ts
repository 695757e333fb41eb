import type { Root } from 'hast';
import { eachElement } from '../tree/walk-elements.js';

/**
 * Every link of the page (after URL resolution): absolute http(s) and mailto targets, in
 * document order, de-duplicated; same-page `#fragment` links are not links to anything else.
 */
export function collectLinks(tree: Root): string[] {
  const links = new Set<string>();
  eachElement(tree, (node) => {
    const href = node.properties.href;
    if (
      (node.tagName === 'a' || node.tagName === 'area') &&
      typeof href === 'string' &&
      /^(https?:|mailto:)/i.test(href)
    )
      links.add(href);
    return true;
  });
  return [...links];
}

/** Every image source of the page (largest srcset candidate), de-duplicated, in document order. */
export function collectImages(tree: Root, options: { removeBase64Images: boolean }): string[] {
  const images = new Set<string>();
  eachElement(tree, (node) => {
    const src = node.properties.src;
    if (
      node.tagName === 'img' &&
      typeof src === 'string' &&
      src &&
      (src.startsWith('data:') ? !options.removeBase64Images : /^https?:/i.test(src))
    )
      images.add(src);
    return true;
  });
  return [...images];
}
