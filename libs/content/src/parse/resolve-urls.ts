import type { Element, Root } from 'hast';
import { select } from 'hast-util-select';
import { eachElement } from '../tree/walk-elements.js';

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
 * Makes every link and image URL absolute against the page URL and its `<base href>` (itself
 * resolved first: a relative base would make hast-util-to-mdast throw), and turns `srcset` into
 * `src` of its largest candidate. Returns the base URL used.
 */
export function resolveUrls(tree: Root, pageUrl: string): string {
  const baseHref = select('base[href]', tree)?.properties.href;
  const base = absolute(String(baseHref ?? ''), pageUrl) ?? pageUrl;
  eachElement(tree, (node: Element) => {
    if (node.tagName === 'base') {
      node.properties.href = base;
      return;
    }
    if ((node.tagName === 'img' || node.tagName === 'source') && node.properties.srcSet) {
      const largest = largestCandidate(String(node.properties.srcSet));
      if (largest) node.properties.src = largest;
      node.properties.srcSet = undefined;
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

function absolute(url: string, base: string): string | undefined {
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
