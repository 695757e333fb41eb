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
}

/**
 * The pages' answers as one: lists are joined (each item once), objects merged field by field,
 * and a single value is taken from the first page (in the job's URL order) that has one.
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
  return { data, sources };
}

function merge(values: unknown[]): unknown {
  const present = values.filter(hasValue);
  if (present.length === 0) return values.find((value) => value !== undefined) ?? null;
  if (present.every(Array.isArray)) {
    const seen = new Set<string>();
    return present.flat().filter((item) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  if (present.every(isObject)) {
    const keys = [...new Set(present.flatMap((value) => Object.keys(value)))];
    return Object.fromEntries(keys.map((key) => [key, merge(present.map((value) => value[key]))]));
  }
  return present[0];
}

function hasValue(value: unknown): boolean {
  return (
    value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)
  );
}
