import type { Root } from 'hast';
import { isObject } from '../page/structured-data.js';
import { isNameField } from '../text/field-names.js';
import { siteLinks } from './links-worth-following.js';

/**
 * The pages of a listing's items, in the order of the items: an item's own address when its answer
 * holds one on the page's site (`url`, `link`), else the link whose text is the item's name (or
 * holds it: "Lamp model A £40"). Items found by neither have no page here.
 */
export function itemLinks(tree: Root, pageUrl: string, items: unknown[]): string[] {
  if (items.length === 0) return [];
  const links = siteLinks(tree, pageUrl);
  const onSite = new Set(links.map((link) => link.url));
  const found = new Set<string>();
  for (const item of items.filter(isObject)) {
    const values = Object.entries(item).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    const address = values.map(([, value]) => absolute(value, pageUrl)).find((url) => url && onSite.has(url));
    const name = values.find(([field]) => isNameField(field))?.[1];
    const named = name ? normalised(name) : '';
    const byName =
      named === ''
        ? undefined
        : (links.find((link) => normalised(link.text) === named) ??
          links.find((link) => normalised(link.text).includes(named)));
    const url = address ?? byName?.url;
    if (url) found.add(url);
  }
  return [...found];
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function absolute(value: string, base: string): string | undefined {
  if (!/^(?:https?:\/\/|\/)/.test(value)) return undefined;
  try {
    const url = new URL(value, base);
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
