import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { toString as hastToString } from 'hast-util-to-string';
import { type PageLayout, pageLayout } from '../page/label-values.js';
import {
  absoluteUrl,
  firstMeta,
  type ParsedPage,
  TITLE_SEPARATOR,
  textOf,
  titleHeading,
} from '../page/parse-page.js';
import { asList, isObject, type StructuredItem, structuredItems } from '../page/structured-data.js';
import { extractProduct } from '../product/extract-product.js';
import { nameMatch } from '../text/field-names.js';
import { blocksOf, sentencesOf } from '../text/passages.js';
import { bylineFacts, hasManyAuthors } from './byline-facts.js';
import { claimFacts } from './claim-facts.js';
import { contactFacts } from './contact-facts.js';
import { proseFacts } from './prose-facts.js';
import { shopFacts } from './shop-facts.js';

/** A labelled value found on the page, and how much its kind of source is trusted. */
export interface Fact {
  label: string;
  value: unknown;
  weight: number;
}

/** Everything a schema can be filled from: structured data first, then the page's layout. */
export interface PageFacts {
  /** The page's structured items, without those around the page (breadcrumbs, the site). */
  items: StructuredItem[];
  facts: Fact[];
  layout: PageLayout;
  /**
   * The kind of thing the page itself shows, for an array of that kind: `Product` (as the product
   * format reads it) or `Article` (a byline, `og:type` or an article's data says so).
   */
  shows?: string;
  /**
   * The page marks itself as one product's (schema.org or OpenGraph product data): a grid of cards on it
   * is other products (related, recommended), not what it shows.
   */
  marksProduct?: boolean;
  /** The text of the page's title heading (its h1), which names what the page shows. */
  heading?: string;
}

const META_PREFIX = /^(?:og|twitter|article|product|book|profile|music|video|dc|dcterms):/;
/** Meta tags whose value is an address (`og:image`, `og:image:secure_url`, `twitter:url`), often written relative. */
const URL_META = /(?:image|url|video|audio)$/;
const RELATIVE = /^(?:\/|\.\.?\/)/;
const ADDRESS = /^https?:\/\/\S+$/;

/** `markdown` is the page's main content, whose sentences fill what no label names. */
export function pageFacts(page: ParsedPage, schemaFields: string[], markdown = ''): PageFacts {
  const items = structuredItems(page);
  const layout = pageLayout(page);
  const product = extractProduct(page);
  // On a page that shows a product, the company behind it is the site's: it names only the company.
  const around = (type: string) => AROUND_THE_PAGE.test(type) || (!!product && COMPANY_TYPES.test(type));
  const described = items.filter((item) => ![item['@type']].flat().some((type) => type && around(type)));
  const primary = primaryItem(described, schemaFields);
  const facts: Fact[] = [];
  for (const item of described) facts.push(...itemFacts(item, item === primary ? 3.2 : 2.6));
  for (const [name, written] of page.meta) {
    const label = name.replace(META_PREFIX, '').replace(/:/g, ' ');
    const values = URL_META.test(name)
      ? written.map((value) => (RELATIVE.test(value) ? (absoluteUrl(value, page.url) ?? value) : value))
      : written;
    // `article:author` often holds the author's profile address: a name elsewhere on the page says more.
    const addressOnly = !URL_META.test(name) && values.every((value) => ADDRESS.test(value));
    facts.push({
      label,
      value: values.length > 1 ? values : values[0],
      weight: addressOnly ? 0.6 : name.startsWith('og:') ? 2.1 : 1.9,
    });
  }
  // The page's own address (its canonical one) is the `url` of what it shows, when nothing names another.
  const canonical = selectAll('link[rel~=canonical][href]', page.tree)[0];
  const address = (canonical && absoluteUrl(String(canonical.properties.href), page.url)) ?? page.url;
  facts.push({ label: 'url', value: address, weight: 0.3 });
  const h1 = titleHeading(page);
  if (h1) facts.push({ label: 'title', value: textOf(h1), weight: 2.2 });
  const titleElement = selectAll('title', page.tree)[0];
  const title = titleElement ? textOf(titleElement) : undefined;
  if (title) facts.push({ label: 'title', value: title, weight: 1.5 });
  facts.push(...companyNames(items, page, title));
  // The tags a blog links its post to (`rel="tag"`, the microformat WordPress and others write).
  const tags = [...new Set(selectAll('a[rel~=tag]', page.tree).map(textOf).filter(Boolean))];
  if (tags.length > 0) facts.push({ label: 'tags', value: tags, weight: 1.4 });
  for (const entry of layout.labelValues) {
    const weight = entry.source === 'section' ? 0.8 : entry.source === 'line' ? 1 : 1.2;
    facts.push({ label: entry.label, value: entry.value, weight });
  }
  // The main content itself is what a `content` (`text`, `body`) field asks for when no data holds it
  // (a schema.org `articleBody` does), and its code blocks are a documentation page's examples.
  if (markdown.trim() !== '') facts.push({ label: 'content', value: markdown.trim(), weight: 0.5 });
  // Code keeps its lines and indentation.
  const code = selectAll('pre', page.tree)
    .map((block) => hastToString(block).replace(/^\n+|\s+$/g, ''))
    .filter(Boolean);
  if (code.length > 0)
    for (const label of ['code examples', 'code snippets', 'code blocks', 'examples'])
      facts.push({ label, value: code, weight: 1 });
  // Running text, split into sentences once for what it says and what it claims.
  const sentences = sentencesOf(blocksOf(markdown)).map((sentence) => sentence.text);
  const byline = bylineFacts(page, h1);
  facts.push(
    ...shopFacts(page, product),
    ...contactFacts(page),
    ...byline,
    ...proseFacts(sentences),
    ...claimFacts(sentences, schemaFields),
  );
  // A header table's cell, named by its row and its column: `cod_price` is the Cod row's Price.
  for (const { headers, rows } of layout.tables) {
    for (const [name, ...cells] of rows) {
      cells.forEach((value, index) => {
        const header = headers[index + 1];
        if (name && header && value) facts.push({ label: `${name} ${header}`, value, weight: 1 });
      });
    }
  }
  // A page whose data says it is an article shows one (a blog's `posts`, a news site's `stories`), and
  // so does one with a byline, OpenGraph's type `article` or its publication time, or one `<article>`
  // around its title, unless many authors write on it (threads say `article` too).
  const article =
    described.some((item) => asList(item['@type']).some((type) => ARTICLE_TYPE.test(String(type)))) ||
    ((byline.length > 0 ||
      firstMeta(page, 'og:type') === 'article' ||
      firstMeta(page, 'article:published_time') !== undefined ||
      titledArticle(page, h1)) &&
      !hasManyAuthors(page));
  const shows = product ? 'Product' : article ? 'Article' : undefined;
  const heading = h1 ? textOf(h1) : '';
  const marksProduct = !!product && product.source !== 'page-heuristics';
  return {
    items: described,
    facts,
    layout,
    ...(shows ? { shows } : {}),
    ...(marksProduct ? { marksProduct } : {}),
    ...(heading ? { heading } : {}),
  };
}

/** schema.org types of an article: `Article`, `NewsArticle`, `BlogPosting`, `Report`. */
const ARTICLE_TYPE = /^(?:\w*Article|BlogPosting|Report)$/;

/** The page's one `<article>` element holds its title heading: the page is that article, not a list of them. */
function titledArticle(page: ParsedPage, h1: Element | undefined): boolean {
  const articles = selectAll('article', page.tree);
  return !!h1 && articles.length === 1 && selectAll('h1', articles[0] as Element).includes(h1);
}

/**
 * Kinds of schema.org items that describe what is around the page, not what it shows: a breadcrumb
 * trail's first item is "Home", a `WebSite`'s name the site's. Their names never fill a field.
 */
const AROUND_THE_PAGE = /^(?:BreadcrumbList|SiteNavigationElement|WebSite)$/;

/** Kinds of schema.org items that are a company (`Organization`, `LocalBusiness`, `Restaurant`, …; not a product's `Brand`). */
const COMPANY_TYPES = /Organization|Corporation|Business|Company|Store|Restaurant|Agency/;

/**
 * The name of the company behind the page (`company_name`, `organization`): an organisation item's,
 * else the site's (`og:site_name`), else the site part of the title ("About us | Harbour Ropes").
 */
function companyNames(items: StructuredItem[], page: ParsedPage, title = ''): Fact[] {
  const named = (value: unknown, weight: number): Fact[] =>
    typeof value === 'string' && value.trim() !== ''
      ? ['company name', 'company'].map((label) => ({ label, value: value.trim(), weight }))
      : [];
  const company = items.find((item) =>
    [item['@type']].flat().some((type) => type !== undefined && COMPANY_TYPES.test(type)),
  );
  const titleParts = title.split(TITLE_SEPARATOR);
  const siteInTitle = titleParts.length >= 2 ? (titleParts.at(-1) as string) : '';
  return [
    ...named(company?.name, 3),
    ...named(page.meta.get('og:site_name')?.[0], 2),
    ...(siteInTitle.split(/\s+/).length <= 5 ? named(siteInTitle, 1.2) : []),
  ];
}

/** The facts of one item: its own properties, then those of nested objects (a little less trusted). */
export function itemFacts(item: Record<string, unknown>, weight: number, depth = 0): Fact[] {
  const facts: Fact[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (key.startsWith('@')) continue;
    facts.push({ label: key, value, weight });
    if (depth < 2 && isObject(value)) facts.push(...itemFacts(value, weight - 0.4, depth + 1));
    if (depth < 2 && Array.isArray(value) && isObject(value[0]))
      facts.push(...itemFacts(value[0], weight - 0.5, depth + 1));
  }
  return facts;
}

/**
 * The item the schema is most likely about: the one whose properties, nested ones included (a
 * product's price sits in its offers), cover most of its fields; on a tie the richer item, as a
 * page's own subject says more than the site's Organization or WebSite beside it.
 */
function primaryItem(items: StructuredItem[], fields: string[]): StructuredItem | undefined {
  let best: { item: StructuredItem; covered: number; size: number } | undefined;
  for (const item of items) {
    const labels = itemFacts(item, 0).map((fact) => fact.label);
    const covered = fields.filter((field) => labels.some((label) => nameMatch(field, label) >= 0.8)).length;
    const better =
      covered > 0 &&
      (!best || covered > best.covered || (covered === best.covered && labels.length > best.size));
    if (better) best = { item, covered, size: labels.length };
  }
  return best?.item;
}
