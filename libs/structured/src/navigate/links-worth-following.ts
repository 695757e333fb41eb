import type { Element, Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { toString as textOf } from 'hast-util-to-string';
import { nameTokens, synonymsOf } from '../text/field-names.js';
import { terms } from '../text/passages.js';

/** What the agent still looks for: its prompt, and the fields of its schema that have no value yet. */
export interface Wanted {
  prompt: string;
  fields: string[];
}

/**
 * Sections most sites have, each with the facts a visitor goes there for: a word of one group
 * matches a link naming another of it (a phone number is on the contact page, a price on the
 * pricing or plans page), at half the weight of the word itself.
 */
const SITE_SECTIONS: string[][] = [
  ['contact', 'phone', 'telephone', 'email', 'mail', 'fax', 'reach'],
  ['pricing', 'price', 'plan', 'cost', 'fee', 'subscription', 'billing'],
  ['about', 'founded', 'founder', 'history', 'mission', 'headquarters', 'company', 'story'],
  ['team', 'people', 'staff', 'leadership', 'ceo', 'founder', 'management'],
  ['careers', 'job', 'hiring', 'vacancy', 'position', 'salary', 'opening'],
  ['locations', 'store', 'office', 'address', 'directions', 'branch', 'find'],
  ['shipping', 'delivery', 'returns', 'refund', 'warranty'],
  ['faq', 'help', 'support', 'question'],
  ['docs', 'documentation', 'api', 'guide', 'reference'],
  ['news', 'press', 'blog', 'announcement', 'release'],
];
/** Section names that are stopwords too ("About us"): a link's words keep them, or none would name its section. */
const SECTION_STOPWORDS = new Set(SITE_SECTIONS.flat().filter((word) => terms(word).length === 0));
/** A link's words: its content words and the section names it holds. */
const linkTerms = (text: string) => [
  ...terms(text),
  ...(text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => SECTION_STOPWORDS.has(word)),
];
const SECTION_OF = new Map<string, number[]>();
SITE_SECTIONS.forEach((group, index) => {
  for (const word of group.flatMap(linkTerms)) SECTION_OF.set(word, [...(SECTION_OF.get(word) ?? []), index]);
});

/** Files an agent cannot read an answer from. */
const NOT_A_PAGE = /\.(?:png|jpe?g|gif|webp|svg|ico|css|js|zip|gz|tar|mp4|mp3|woff2?)$/i;
/** A missing field's words count twice a prompt word's: they say what is still unknown. */
const FIELD_WEIGHT = 2;

/**
 * The links of a page worth an agent's visit, best first, at most `limit`: links on the page's own
 * site whose text or address shares words (or a site section, as "phone" and "Contact us") with
 * what is still wanted, rarer words weighing more; words of the page's title and heading lead nowhere
 * new. A word more than half of the page's links share
 * (the site's name, a path prefix) tells none apart; links sharing nothing else are never followed.
 */
export function linksWorthFollowing(tree: Root, pageUrl: string, wanted: Wanted, limit: number): string[] {
  const query = wantedTerms(wanted);
  // The page's own subject (its title, its heading) is where the agent already is: no way onward.
  for (const term of terms(selectAll('title, h1', tree).map(textOf).join(' '))) query.delete(term);
  if (query.size === 0 || limit <= 0) return [];
  const links = siteLinks(tree, pageUrl);
  const frequency = new Map<string, number>();
  for (const link of links)
    for (const term of link.terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const rarity = (term: string) => {
    const shared = frequency.get(term) ?? 1;
    return links.length >= 3 && shared > links.length / 2 ? 0 : Math.log(1 + links.length / shared);
  };
  return links
    .map((link, index) => ({ url: link.url, index, score: relevance(link.terms, query, rarity) }))
    .filter((link) => link.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((link) => link.url);
}

function wantedTerms({ prompt, fields }: Wanted): Map<string, number> {
  const weights = new Map<string, number>();
  const add = (words: string[], weight: number) => {
    for (const word of words.flatMap((entry) => synonymsOf(entry)).flatMap((entry) => terms(entry)))
      weights.set(word, Math.max(weights.get(word) ?? 0, weight));
  };
  add(terms(prompt), 1);
  add(
    fields.flatMap((field) => nameTokens(field)),
    FIELD_WEIGHT,
  );
  return weights;
}

function relevance(linkTerms: Set<string>, query: Map<string, number>, rarity: (term: string) => number) {
  let score = 0;
  for (const [term, weight] of query) {
    if (linkTerms.has(term)) {
      score += weight * rarity(term);
      continue;
    }
    const sections = SECTION_OF.get(term) ?? [];
    const viaSection = [...linkTerms].filter((word) =>
      (SECTION_OF.get(word) ?? []).some((section) => sections.includes(section)),
    );
    if (viaSection.length > 0) score += (weight / 2) * Math.max(...viaSection.map(rarity));
  }
  return score;
}

export interface SiteLink {
  url: string;
  /** What a reader of the link sees: its text, an image's alt, its title or label. */
  text: string;
  /** The words of its text and its address. */
  terms: Set<string>;
}

/** Each link to another page of the page's site once, with the words of its text and its address. */
export function siteLinks(tree: Root, pageUrl: string): SiteLink[] {
  const page = new URL(pageUrl);
  const baseHref = selectAll('base[href]', tree)[0]?.properties.href;
  const base = resolve(String(baseHref ?? ''), page) ?? page;
  const byUrl = new Map<string, SiteLink>();
  for (const anchor of selectAll('a[href]', tree)) {
    const url = resolve(String(anchor.properties.href), base);
    if (!url || !sameSite(url, page) || NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = '';
    if (url.href === withoutHash(page)) continue;
    const text = anchorText(anchor).replace(/\s+/g, ' ').trim();
    const link = byUrl.get(url.href) ?? { url: url.href, text: '', terms: new Set(addressTerms(url)) };
    if (text && !link.text.includes(text)) link.text = link.text ? `${link.text} / ${text}` : text;
    for (const term of linkTerms(text)) link.terms.add(term);
    byUrl.set(url.href, link);
  }
  return [...byUrl.values()];
}

/** What a reader of the link sees or hears: its text, its title, an image's alt, its label. */
function anchorText(anchor: Element): string {
  const images = selectAll('img[alt]', anchor).map((image) => String(image.properties.alt));
  const { title, ariaLabel } = anchor.properties;
  return [textOf(anchor), ...images, title, ariaLabel].filter(Boolean).join(' ');
}

function addressTerms(url: URL): string[] {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape: the words around it still count.
  }
  return linkTerms(`${path} ${[...url.searchParams.values()].join(' ')}`.replace(/[/_.+=-]+/g, ' '));
}

function resolve(href: string, base: URL): URL | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function sameSite(url: URL, page: URL): boolean {
  const host = (name: string) => name.replace(/^www\./, '');
  return host(url.hostname) === host(page.hostname) && url.port === page.port;
}

function withoutHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}
