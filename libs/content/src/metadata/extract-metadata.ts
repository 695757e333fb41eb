import type { Element, Root } from 'hast';
import { select, selectAll } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import type { PageMetadata } from '../types.js';

/** Meta names Firecrawl reports under camel-cased keys. */
const RENAMED: Record<string, string> = {
  'og:title': 'ogTitle',
  'og:description': 'ogDescription',
  'og:url': 'ogUrl',
  'og:image': 'ogImage',
  'og:audio': 'ogAudio',
  'og:determiner': 'ogDeterminer',
  'og:locale': 'ogLocale',
  'og:locale:alternate': 'ogLocaleAlternate',
  'og:site_name': 'ogSiteName',
  'og:video': 'ogVideo',
  'article:published_time': 'publishedTime',
  'article:modified_time': 'modifiedTime',
  'dc.title': 'dcTitle',
  'dc.description': 'dcDescription',
  'dc.subject': 'dcSubject',
  'dc.creator': 'dcCreator',
  'dc.date': 'dcDate',
  'dc.date.created': 'dcDateCreated',
  'dc.type': 'dcType',
  'dcterms.created': 'dcTermsCreated',
  'dcterms.modified': 'dcTermsModified',
  'dcterms.subject': 'dcTermsSubject',
  'dcterms.type': 'dcTermsType',
  'dcterms.audience': 'dcTermsAudience',
  'dcterms.keywords': 'dcTermsKeywords',
};

/** Always lists, as Firecrawl clients expect. */
const ALWAYS_ARRAYS = new Set(['ogLocaleAlternate']);

/**
 * Page metadata from `<head>`: title, description, language, favicon, and every `<meta>` by its
 * name and property, else its itemprop (camel-cased for the keys Firecrawl renames; repeats become arrays).
 * Runs on the parsed tree before anything is removed from it.
 */
export function extractMetadata(tree: Root): PageMetadata {
  const metadata: PageMetadata = {};
  const add = (key: string, value: string) => {
    const existing = metadata[key];
    if (existing === undefined) metadata[key] = ALWAYS_ARRAYS.has(key) ? [value] : value;
    else if (Array.isArray(existing)) existing.push(value);
    else metadata[key] = [existing, value];
  };
  // Metadata lives in <head>; searching only there keeps this cheap on large pages.
  const head = select('head', tree) ?? tree;
  for (const meta of selectAll('meta', head)) {
    const content = attribute(meta, 'content');
    if (content === undefined) continue;
    // One tag may serve as both (`<meta name="description" property="og:description">`): it is both keys.
    const names = [attribute(meta, 'name'), attribute(meta, 'property')].filter((name) => name !== undefined);
    const keys =
      names.length > 0 ? names : [attribute(meta, 'itemProp')].filter((name) => name !== undefined);
    for (const key of new Set(keys.map((name) => RENAMED[name.toLowerCase()] ?? name))) add(key, content);
  }
  const title = select('title', head);
  const titleText = title ? hastToString(title).trim().replace(/\s+/g, ' ') : '';
  const first = (key: string) => {
    const value = metadata[key];
    return Array.isArray(value) ? value[0] : value;
  };
  if (titleText) metadata.title = titleText;
  else if (first('ogTitle')) metadata.title = first('ogTitle');
  if (Array.isArray(metadata.title)) metadata.title = metadata.title[0];
  if (Array.isArray(metadata.description)) metadata.description = metadata.description[0];
  const language = select('html', tree)?.properties.lang;
  if (typeof language === 'string' && language) metadata.language = language;
  const icon = selectAll('link[rel][href]', head).find((link) =>
    String(link.properties.rel ?? '')
      .split(/[\s,]+/)
      .some((rel) => rel.toLowerCase() === 'icon'),
  );
  if (icon) metadata.favicon = String(icon.properties.href);
  return metadata;
}

function attribute(element: Element, name: string): string | undefined {
  const value = element.properties[name];
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(' ') : String(value);
}
