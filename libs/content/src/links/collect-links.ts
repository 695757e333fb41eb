import type { Root } from 'hast';
import { absolute } from '../parse/resolve-urls.js';
import { childElements, eachElement } from '../tree/walk-elements.js';

/**
 * Every link of the page (after URL resolution): absolute http(s), mailto and tel targets (as the
 * reference lists them), in document order, de-duplicated; same-page `#fragment` links are not
 * links to anything else, nor are `javascript:` ones.
 */
export function collectLinks(tree: Root): string[] {
  const links = new Set<string>();
  eachElement(tree, (node) => {
    const href = node.properties.href;
    if (
      (node.tagName === 'a' || node.tagName === 'area') &&
      typeof href === 'string' &&
      /^(https?:|mailto:|tel:)/i.test(href)
    )
      links.add(href);
    return true;
  });
  return [...links];
}

/** `url(…)` in an inline style: `background-image: url('/img/hero.jpg')`. */
const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/g;

/**
 * Every image of the page, de-duplicated, in document order: as Firecrawl lists them, `<img>`
 * sources (their largest srcset candidate), a `<picture>`'s other sources (WebP, AVIF), video
 * posters and the background images of inline styles (resolved against `base`).
 */
export function collectImages(tree: Root, options: { removeBase64Images: boolean; base: string }): string[] {
  const images = new Set<string>();
  const add = (source: unknown) => {
    if (typeof source !== 'string' || !source) return;
    if (source.startsWith('data:') ? !options.removeBase64Images : /^https?:/i.test(source))
      images.add(source);
  };
  eachElement(tree, (node) => {
    if (node.tagName === 'img') add(node.properties.src);
    if (node.tagName === 'picture')
      for (const child of childElements(node)) if (child.tagName === 'source') add(child.properties.src);
    if (node.tagName === 'video') add(node.properties.poster);
    const style = node.properties.style;
    if (typeof style === 'string' && /background/i.test(style))
      for (const [, , url] of style.matchAll(CSS_URL)) add(absolute(url as string, options.base));
    return true;
  });
  return [...images];
}
