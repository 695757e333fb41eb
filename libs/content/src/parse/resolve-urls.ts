import type { Element, Root } from 'hast';
import { eachElement, firstElement } from '../tree/walk-elements.js';

const URL_ATTRIBUTES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  iframe: ['src'],
  link: ['href'],
};

/**
 * Makes every link and image URL absolute, but for in-page links (`#notes`: `resolveFragmentLinks`),
 * against the page URL and its `<base href>` (itself
 * resolved first: a relative base would make hast-util-to-mdast throw), gives a lazily loaded image
 * the source its loader holds back, and turns `srcset` into `src` of its largest candidate.
 * Returns the base URL used.
 */
export function resolveUrls(tree: Root, pageUrl: string): string {
  // The document's base is its first `<base href>` wherever it stands. A plain walk, not a CSS
  // selector: most pages have none, and hast-util-select's full walk cost 3% of a conversion.
  const baseHref = firstElement(tree, isBaseWithHref)?.properties.href;
  const base = absolute(String(baseHref ?? ''), pageUrl) ?? pageUrl;
  eachElement(tree, (node: Element) => {
    if (node.tagName === 'base') {
      node.properties.href = base;
      return;
    }
    if (node.tagName === 'img' || node.tagName === 'source') {
      useLazySource(node);
      if (node.properties.srcSet) {
        const largest = largestCandidate(String(node.properties.srcSet));
        if (largest) node.properties.src = largest;
        node.properties.srcSet = undefined;
      }
    }
    for (const attribute of URL_ATTRIBUTES[node.tagName] ?? []) {
      const value = node.properties[attribute];
      if (typeof value !== 'string' || value === '' || value.startsWith('#') || value.startsWith('data:'))
        continue;
      const resolved = absolute(value, base);
      if (resolved) node.properties[attribute] = resolved;
    }
  });
  return base;
}

/**
 * Makes the links into the page itself (`#notes`) absolute like every other link, as Firecrawl
 * writes them: markdown and html read apart from the page have nowhere to jump to. `resolveUrls`
 * leaves them as they are because main-content extraction reads them as in-page links (a table of
 * contents, a skip link); this runs once it is done.
 */
export function resolveFragmentLinks(tree: Root, base: string): void {
  eachElement(tree, (node) => {
    const href = node.properties.href;
    if ((node.tagName === 'a' || node.tagName === 'area') && typeof href === 'string' && href.startsWith('#'))
      node.properties.href = absolute(href, base) ?? href;
    return true;
  });
}

/**
 * Lazy loaders keep an image's source in `data-src` (`data-lazy-src`, `data-original`,
 * `data-srcset`, …) until it scrolls into view, with no `src` or a placeholder (a `data:` pixel) in
 * its place: so it stays in a saved page, and below the fold of a rendered one.
 */
function useLazySource(image: Element): void {
  const src = String(image.properties.src ?? '').trim();
  if ((src !== '' && !src.startsWith('data:')) || image.properties.srcSet) return;
  const held = (names: string[]) =>
    names
      .map((name) => image.properties[name])
      .find(
        (value): value is string =>
          typeof value === 'string' && value.trim() !== '' && !value.startsWith('data:'),
      );
  const srcset = held(['dataSrcset', 'dataLazySrcset']);
  const source = held(['dataSrc', 'dataLazySrc', 'dataOriginal', 'dataLazy']);
  if (srcset) image.properties.srcSet = srcset;
  else if (source) image.properties.src = source;
}

const isBaseWithHref = (element: Element) =>
  element.tagName === 'base' && element.properties.href !== undefined;

export function absolute(url: string, base: string): string | undefined {
  if (!url.trim()) return undefined;
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** `a.jpg 480w, b.jpg 1600w` → `b.jpg`; density descriptors (`2x`) count as widths of 2. */
function largestCandidate(srcset: string): string | undefined {
  let best: { url: string; size: number } | undefined;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const size = Number.parseFloat(descriptor) || 1;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url;
}
