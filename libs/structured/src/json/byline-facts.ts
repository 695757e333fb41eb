import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { CONTINUE, EXIT, visit } from 'unist-util-visit';
import { attr, NON_CONTENT, type ParsedPage, textOf } from '../page/parse-page.js';
import type { Fact } from './page-facts.js';

/** A byline is trusted less than the page's metadata and data, more than a line of text. */
const WEIGHT = 1.3;
/** A capitalised word of a name (no `i` flag: it would let `\p{Lu}` match any letter). */
const WORD = String.raw`\p{Lu}[\p{L}'’.-]*`;
/** Capitalised words of a name, up to four. */
const NAME = String.raw`${WORD}(?:\s+${WORD}){0,3}`;
/** "By", "Written by", "Posted by". */
const BY = String.raw`(?:(?:[Ww]ritten|[Pp]osted)\s+)?(?:[Bb]y|BY)`;
/** "By Ingrid Solberg · 2 October 2026", "Written by …", "By the Lavazza Team". */
const BY_NAME = new RegExp(String.raw`^${BY}\s+((?:the\s+)?${NAME})`, 'u');
/** A name leading an author's element ("Andrew Gerrand 4 August 2010"): two words at least. */
const LEADING_NAME = new RegExp(String.raw`^${WORD}(?:\s+${WORD}){1,3}`, 'u');
/** A name opening a text: "Keith Barry" of "Keith Barry Senior Autos Writer" is its own text. */
const OPENING_NAME = new RegExp(String.raw`^(?:the\s+)?${NAME}`, 'u');
/** "By" on its own, the name in the element after it. */
const BY_ALONE = new RegExp(String.raw`^${BY}:?$`);

/** Classes that name a byline or its author (`byline`, `post-author`, `single-blog__author-info`). */
const BYLINE_CLASS = /(?:^|[-_\s])(?:byline|author)(?:$|[-_\s])/i;
/** A `<time>`'s class or itemprop naming the publishing date, or the update. */
const PUBLISHED = /publish|posted|created/i;
const UPDATED = /updat|modif/i;
/** Words a date's text may open with: "Published on June 04, 2025". */
const DATE_LEAD = /^(?:published|posted|updated|on)\b[\s:]*(?:on\s+)?/i;
/** A date as a byline writes it: "2 November 2026", "Nov. 2, 2026", "2026-11-02". */
const MONTH = String.raw`(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?`;
const DATE_TEXT = new RegExp(
  String.raw`\b(?:\d{1,2}(?:st|nd|rd|th)?\s+${MONTH},?\s+\d{4}|${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{4}-\d{2}-\d{2})\b`,
);
/** A byline is a short line: a paragraph starting "By 2030, …" is prose. */
const MAX_BYLINE = 120;
/** Authors on one page that make it a conversation. */
const MANY_AUTHORS = 3;
/** How far up from the title heading a byline is looked for: its header, its article. */
const MAX_LEVELS = 4;

/**
 * Who wrote the page and when, as its byline shows it when no metadata says: near the title heading
 * (in the smallest of its containers, up to its article, that holds one), the `rel=author` link or
 * the line classed as the byline or author, or reading "By …", and the first `<time>`. Without a
 * title heading, in the page's one `<article>`. A listing's teasers date nothing: the first of them
 * is no nearer to the page's heading than the others. `heading` is the page's title heading
 * (`titleHeading`).
 */
export function bylineFacts(page: ParsedPage, heading: Element | undefined): Fact[] {
  const scopes = bylineScopes(page, heading);
  const facts: Fact[] = [];
  const byline = firstFound(scopes, bylineIn);
  if (byline) facts.push({ label: 'author', value: byline.author, weight: WEIGHT });
  const date =
    firstFound(scopes, (scope) => {
      const times = selectAll('time', scope);
      // Two dates at the nearest level are teasers' or comments', not the page's.
      if (times.length !== 1 && scope.tagName !== 'article') return undefined;
      // The date it was published before the date it was updated, where the markup says which is which.
      const time =
        times.find((each) => PUBLISHED.test(markOf(each))) ??
        times.find((each) => !UPDATED.test(markOf(each)));
      return time && (attr(time, 'dateTime') ?? (textOf(time).replace(DATE_LEAD, '') || undefined));
    }) ??
    // Without a <time>, the date the byline's own text gives ("By Ada Lovelace, 2 November 2026").
    bylineDate(byline && textOf(byline.line));
  if (date) facts.push({ label: 'date', value: date, weight: WEIGHT });
  return facts;
}

/**
 * Whether the page has many authors, each in their own line classed as author or byline: a
 * thread's posts, or an article's comments. Its byline is then no sign that it shows one article.
 */
export function hasManyAuthors(page: ParsedPage): boolean {
  const authors = new Set<string>();
  visit(page.tree, 'element', (element: Element) => {
    if (!BYLINE_CLASS.test(attr(element, 'className') ?? '')) return CONTINUE;
    const text = textOf(element);
    if (text !== '' && text.length <= MAX_BYLINE) authors.add(text);
    return authors.size >= MANY_AUTHORS ? EXIT : CONTINUE;
  });
  return authors.size >= MANY_AUTHORS;
}

/** The title heading's containers, nearest first, up to its article; else the page's one article. */
function bylineScopes(page: ParsedPage, heading: Element | undefined): Element[] {
  if (!heading) {
    const articles = selectAll('article', page.tree);
    return articles.length === 1 ? articles : [];
  }
  // The heading's ancestors, outermost first: the elements left on the stack once it is found.
  const above: Element[] = [];
  const find = (element: Element): boolean => {
    if (element === heading) return true;
    above.push(element);
    const found = element.children.some((child) => child.type === 'element' && find(child));
    if (!found) above.pop();
    return found;
  };
  page.tree.children.some((child) => child.type === 'element' && find(child));
  const path = above.slice(-MAX_LEVELS).reverse();
  const article = path.findIndex((element) => element.tagName === 'article');
  return article >= 0 ? path.slice(0, article + 1) : path;
}

/** What a `<time>`'s markup says it is: its class and itemprop. */
const markOf = (time: Element) => `${attr(time, 'className') ?? ''} ${attr(time, 'itemProp') ?? ''}`;

function firstFound<T>(scopes: Element[], read: (scope: Element) => T | undefined): T | undefined {
  for (const scope of scopes) {
    const found = read(scope);
    if (found) return found;
  }
  return undefined;
}

/** The date a byline line writes, when it is a short line. */
function bylineDate(line: string | undefined): string | undefined {
  return line && line.length <= MAX_BYLINE ? DATE_TEXT.exec(line)?.[0] : undefined;
}

/** The byline in `scope`: the author it names, and its line (a `rel=author` link's is the link's parent). */
function bylineIn(scope: Element): { author: string; line: Element } | undefined {
  const link = selectAll('[rel~=author]', scope).find((each) => textOf(each) !== '');
  if (link) {
    const linked = textOf(link);
    const line = [scope, ...selectAll('*', scope)].find((element) => element.children.includes(link));
    return { author: BY_NAME.exec(linked)?.[1] ?? linked, line: line ?? link };
  }
  for (const element of selectAll('*', scope)) {
    const classed = BYLINE_CLASS.test(attr(element, 'className') ?? '');
    if (!classed && !['p', 'span', 'div'].includes(element.tagName)) continue;
    // The name first: most lines name none, and their whole text is not read.
    const named = nameInByline(textsOf(element, 2), classed);
    if (named && textOf(element).length <= MAX_BYLINE) return { author: named, line: element };
  }
  return undefined;
}

/**
 * The name a byline's texts give: after "By" in the same text ("By Amy Wilhelm") or as the next
 * ("By <a>Keith Barry</a> Senior Autos Writer"); in an author's element, its first text ("<p
 * class=author>Andrew Gerrand<br>4 August 2010"). A name stops where its text does.
 */
function nameInByline([first, second]: string[], classed: boolean): string | undefined {
  if (first === undefined) return undefined;
  if (BY_ALONE.test(first)) return second === undefined ? undefined : OPENING_NAME.exec(second)?.[0];
  return BY_NAME.exec(first)?.[1] ?? (classed ? LEADING_NAME.exec(first)?.[0] : undefined);
}

/** The element's first `count` texts, each trimmed, empty ones left out, in reading order. */
function textsOf(element: Element, count: number): string[] {
  const texts: string[] = [];
  const walk = (parent: Element) => {
    for (const child of parent.children) {
      if (texts.length === count) return;
      if (child.type === 'text') {
        const text = child.value.replace(/\s+/g, ' ').trim();
        if (text) texts.push(text);
      } else if (child.type === 'element' && !NON_CONTENT.has(child.tagName)) walk(child);
    }
  };
  walk(element);
  return texts;
}
