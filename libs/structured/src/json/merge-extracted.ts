import { isObject } from '../page/structured-data.js';

/** One page's answer to an extract job's schema or prompt (its `json` format). */
export interface ExtractedPage {
  url: string;
  value: unknown;
}

export interface MergedExtraction {
  data: unknown;
  /** For each top-level field, the pages that gave it a value (Firecrawl's `showSources`). */
  sources: Record<string, string[]>;
  /** The fields (paths through objects, `address.city`) no page gave a value. */
  missing: string[];
}

const NOT_FOUND_ON_PAGE = 'not found on the page, so null: ';
const PAGE_MISSING = new RegExp(`; ${NOT_FOUND_ON_PAGE}.*?(?=\\. |$)`, 'g');

/** How a page's json note names the fields it did not find. */
export const missingOnPage = (fields: readonly string[]) => `${NOT_FOUND_ON_PAGE}${fields.join(', ')}`;

/**
 * An extract job's warnings: its pages' own, each said once and without the fields that page alone
 * lacked (another page may have given them), then the fields no page gave.
 */
export function extractionWarnings(pageWarnings: readonly string[], missing: readonly string[]): string[] {
  const own = pageWarnings.map((warning) => warning.replace(PAGE_MISSING, ''));
  return [
    ...new Set(own),
    ...(missing.length > 0 ? [`not found on any page, so null: ${missing.join(', ')}`] : []),
  ];
}

/**
 * The pages' answers as one: lists are joined (each item once: items naming the same thing, by
 * their address or their name, merged field by field), objects merged field by field, and a single
 * value is taken from the first page (in the job's URL order) that has one.
 */
export function mergeExtracted(pages: readonly ExtractedPage[]): MergedExtraction {
  const data = merge(pages.map((page) => page.value));
  const sources: Record<string, string[]> = {};
  if (isObject(data)) {
    for (const key of Object.keys(data)) {
      sources[key] = pages
        .filter((page) => isObject(page.value) && hasValue(page.value[key]))
        .map((page) => page.url);
    }
  }
  return { data, sources, missing: missingPaths(data, '') };
}

function missingPaths(value: unknown, path: string): string[] {
  if (isObject(value))
    return Object.entries(value).flatMap(([key, inner]) =>
      missingPaths(inner, path ? `${path}.${key}` : key),
    );
  return path && !hasValue(value) ? [path] : [];
}

function merge(values: unknown[]): unknown {
  const present = values.filter(hasValue);
  if (present.length === 0) return values.find((value) => value !== undefined) ?? null;
  if (present.every(Array.isArray)) {
    const items: { item: unknown; page: number }[] = [];
    const seen = new Set<string>();
    present.forEach((list, page) => {
      for (const item of list as unknown[]) {
        // A listing's card and the item's own page name one thing: one item with the fields of both.
        // Items of one page are as many as it lists, however alike.
        const same = isObject(item)
          ? items.find((earlier) => earlier.page !== page && sameThing(earlier.item, item))
          : undefined;
        if (same) {
          same.item = merge([same.item, item]);
          continue;
        }
        const key = JSON.stringify(item);
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({ item, page });
      }
    });
    return items.map(({ item }) => item);
  }
  if (present.every(isObject)) {
    const keys = [...new Set(present.flatMap((value) => Object.keys(value)))];
    return Object.fromEntries(keys.map((key) => [key, merge(present.map((value) => value[key]))]));
  }
  return present[0];
}

/** Fields that say which thing an item is. */
const IDENTITY = new Set(['url', 'link', 'href', 'name', 'title', 'headline', 'sku', 'id']);

/**
 * Whether two list items are one thing: they give one of its address, name or SKU alike, and no
 * other of them differently (two variants named alike at two addresses stay two).
 */
function sameThing(one: unknown, other: Record<string, unknown>): boolean {
  if (!isObject(one)) return false;
  let shared = false;
  for (const [key, value] of Object.entries(other)) {
    if (!IDENTITY.has(key.toLowerCase().replace(/[^a-z]/g, ''))) continue;
    const before = one[key];
    if (!hasValue(value) || !hasValue(before) || typeof value === 'object') continue;
    if (String(value).trim().toLowerCase() !== String(before).trim().toLowerCase()) return false;
    shared = true;
  }
  return shared;
}

function hasValue(value: unknown): boolean {
  return (
    value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)
  );
}
