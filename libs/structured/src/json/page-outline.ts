import { selectAll } from 'hast-util-select';
import { pageLayout } from '../page/label-values.js';
import { firstMeta, type ParsedPage, textOf } from '../page/parse-page.js';

/** What a prompt-only json request gets without a model: the page's own structure. */
export interface PageOutline {
  title: string | null;
  description: string | null;
  headings: { level: number; text: string }[];
  keyValues: Record<string, string>;
  tables: { headers: string[]; rows: string[][] }[];
}

export function pageOutline(page: ParsedPage): PageOutline {
  const layout = pageLayout(page);
  const keyValues: Record<string, string> = {};
  for (const entry of layout.labelValues)
    if (entry.source !== 'section') keyValues[entry.label] ??= entry.value;
  const title = selectAll('title', page.tree)[0];
  return {
    title: (title && textOf(title)) || firstMeta(page, 'og:title') || null,
    description: firstMeta(page, 'description', 'og:description') ?? null,
    headings: selectAll('h1, h2, h3, h4, h5, h6', page.tree)
      .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: textOf(heading) }))
      .filter((heading) => heading.text),
    keyValues,
    tables: layout.tables,
  };
}
