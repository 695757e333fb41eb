import type { Element, ElementContent } from 'hast';
import { selectAll } from 'hast-util-select';
import { findPrice, PRICE_PATTERN } from '../text/prices.js';
import {
  absoluteUrl,
  attr,
  NON_CONTENT,
  type ParsedPage,
  sharingMostWords,
  textOf,
  wordsOf,
} from './parse-page.js';

/** A label on the page and the value it introduces. */
export interface LabelValue {
  label: string;
  value: string;
  /** The element holding the value (for links and images inside it). */
  element?: Element;
  source: 'table' | 'definition-list' | 'line' | 'section';
}

/** A table with a header row: its rows as records keyed by the header cells. */
export interface HeaderTable {
  headers: string[];
  rows: string[][];
}

/** Repeated sibling elements (cards, list items, rows): each one's own label/values and title. */
export interface RepeatedGroup {
  records: Record<string, string>[];
  /** Inside the page's header, navigation, footer or a sidebar: menus and link lists, seldom the page's items. */
  inChrome?: boolean;
}

export interface PageLayout {
  labelValues: LabelValue[];
  tables: HeaderTable[];
  groups: RepeatedGroup[];
  /** Lists of items under the heading right before them. */
  lists: { heading?: string; items: string[] }[];
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CHROME = new Set(['header', 'nav', 'footer', 'aside']);
const BLOCKS = new Set(['p', 'li', 'div', 'section', 'article', 'td', 'dd', 'address', 'header']);
const LINE = /^([A-Za-z][\w ()/&'.-]{0,40}?)\s*[:：]\s*(.+)$/;

/** Every label/value structure of the page, in document order. */
export function pageLayout(page: ParsedPage): PageLayout {
  const layout: PageLayout = { labelValues: [], tables: [], groups: [], lists: [] };
  const labels = labelsByControl(page);
  let lastHeading: string | undefined;
  const walk = (node: Element, inChrome: boolean) => {
    if (NON_CONTENT.has(node.tagName)) return;
    if (node.tagName === 'select') {
      const heading =
        labels.get(String(node.properties.id ?? '')) ?? attr(node, 'ariaLabel') ?? attr(node, 'name');
      const items = choicesOf(node);
      if (heading && items.length > 0) layout.lists.push({ heading, items });
      return;
    }
    if (HEADINGS.has(node.tagName)) {
      lastHeading = textOf(node);
      return;
    }
    if (node.tagName === 'table') return readTable(node, layout);
    if (node.tagName === 'dl') return readDefinitions(node, layout, inChrome || CHROME.has(node.tagName));
    if (node.tagName === 'ul' || node.tagName === 'ol') {
      const items = childElements(node)
        .filter((child) => child.tagName === 'li')
        .map(textOf)
        .filter(Boolean);
      if (items.length > 0) layout.lists.push({ heading: lastHeading, items });
    }
    if (BLOCKS.has(node.tagName) && !hasBlockChild(node)) {
      for (const { label, value } of labelledLines(node)) {
        if (value.length <= 300) layout.labelValues.push({ label, value, element: node, source: 'line' });
      }
    }
    const chrome = inChrome || CHROME.has(node.tagName) || attr(node, 'role') === 'navigation';
    readGroup(node, layout, page.url, chrome);
    for (const child of childElements(node)) walk(child, chrome);
  };
  for (const child of page.tree.children) if (child.type === 'element') walk(child, false);
  layout.labelValues.push(...headedSections(page));
  const questions = questionsAnswered(page, layout.labelValues);
  if (questions.length >= 2) layout.groups.push({ records: questions });
  return layout;
}

/** Each `<label for>`'s text by the id of the control it names. */
function labelsByControl(page: ParsedPage): Map<string, string> {
  const labels = new Map<string, string>();
  for (const label of selectAll('label[for]', page.tree)) {
    const control = attr(label, 'htmlFor');
    if (control) labels.set(control, textOf(label).replace(/[:：*]\s*$/, ''));
  }
  return labels;
}

/** A drop-down's choices (a shop's sizes, colours), without its prompt ("Choose a size", an empty value). */
function choicesOf(select: Element): string[] {
  return descendants(select, 'option')
    .filter((option) => option.properties.value !== '' && option.properties.disabled === undefined)
    .map(textOf)
    .filter((text) => text !== '' && !/^(?:select|choose|pick)\b/i.test(text));
}

const QUESTION = /\?\s*$/;

/**
 * An FAQ's questions with their answers: disclosure widgets (`<details>`: its `<summary>` asks, the
 * rest answers), then definition terms and headings that end with a question mark, each with what
 * follows it.
 */
function questionsAnswered(page: ParsedPage, labelled: LabelValue[]): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const walk = (node: Element) => {
    if (NON_CONTENT.has(node.tagName)) return;
    const summary =
      node.tagName === 'details'
        ? childElements(node).find((child) => child.tagName === 'summary')
        : undefined;
    if (summary) {
      const answer = textOf({ ...node, children: node.children.filter((child) => child !== summary) });
      if (answer) found.push({ question: textOf(summary), answer });
      return;
    }
    for (const child of childElements(node)) walk(child);
  };
  for (const child of page.tree.children) if (child.type === 'element') walk(child);
  const asked = labelled.filter(
    (entry) =>
      (entry.source === 'definition-list' || entry.source === 'section') && QUESTION.test(entry.label),
  );
  return [...found, ...asked.map((entry) => ({ question: entry.label, answer: entry.value }))];
}

function readTable(table: Element, layout: PageLayout) {
  const rows = descendants(table, 'tr').map((row) =>
    childElements(row).filter((cell) => /^t[hd]$/.test(cell.tagName)),
  );
  if (rows.length === 0) return;
  const headerRow =
    rows[0].length > 1 && rows[0].every((cell) => cell.tagName === 'th') ? rows[0] : undefined;
  if (headerRow && rows.length > 1) {
    layout.tables.push({
      headers: headerRow.map(textOf),
      rows: rows.slice(1).map((row) => row.map(currentText)),
    });
    if (headerRow.length > 2) return;
  }
  // Two-column tables (or rows led by a <th>) are label/value lists: spec sheets, facts boxes.
  for (const row of headerRow ? rows.slice(1) : rows) {
    if (row.length === 2 || (row.length > 1 && row[0].tagName === 'th')) {
      const label = textOf(row[0]).replace(/[:：]\s*$/, '');
      const value = currentText(row[1]);
      if (label && value) layout.labelValues.push({ label, value, element: row[1], source: 'table' });
    }
  }
}

/**
 * A definition list's terms and their values. In the page's header, navigation or footer, a term over
 * links alone is a menu's heading ("About": "About us", "Contact us"), not a label of the page.
 */
function readDefinitions(list: Element, layout: PageLayout, inChrome: boolean) {
  let label: string | undefined;
  const items = childElements(list).flatMap((child) =>
    child.tagName === 'div' ? childElements(child) : [child],
  );
  for (const item of items) {
    if (item.tagName === 'dt') label = textOf(item).replace(/[:：]\s*$/, '');
    else if (inChrome && onlyLinks(item)) continue;
    else if (item.tagName === 'dd' && label) {
      layout.labelValues.push({ label, value: currentText(item), element: item, source: 'definition-list' });
    }
  }
}

/**
 * Siblings with the same tag and class (at least two, each with text) are a repeated structure:
 * each becomes a record of its labelled values, its title (first heading or strong text) and link.
 */
function readGroup(parent: Element, layout: PageLayout, base: string, inChrome: boolean) {
  const bySignature = new Map<string, Element[]>();
  for (const child of childElements(parent)) {
    if (NON_CONTENT.has(child.tagName) || child.tagName === 'tr') continue;
    const signature = `${child.tagName}.${String(child.properties.className ?? '')}`;
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), child]);
  }
  for (const members of bySignature.values()) {
    if (members.length < 2) continue;
    const records = members
      .map((member) => recordOf(member, base))
      .filter((record) => Object.keys(record).length > 1);
    if (records.length >= 2) layout.groups.push({ records, inChrome });
  }
}

function recordOf(element: Element, base: string): Record<string, string> {
  const record: Record<string, string> = {};
  const link = descendants(element, 'a').find((anchor) => anchor.properties.href);
  const url = link && absoluteUrl(String(link.properties.href), base);
  const title = cardTitle(element, url);
  if (title) record.title = title;
  if (url) record.url = url;
  const image = descendants(element, 'img').find((img) => img.properties.src);
  const src = image && absoluteUrl(String(image.properties.src), base);
  if (src) record.image = src;
  for (const block of [element, ...descendants(element, ...BLOCKS)]) {
    if (hasBlockChild(block)) continue;
    for (const { label, value } of labelledLines(block)) record[label] = value;
  }
  for (const cell of descendants(element, '*')) {
    const itemProp = cell.properties.itemProp;
    if (itemProp) record[String(itemProp)] ??= currentText(cell);
    const className = String(cell.properties.className ?? '').split(/\s+/)[0];
    if (className && !cell.children.some((child) => child.type === 'element' && BLOCKS.has(child.tagName))) {
      const { now, before } = struckApart(cell);
      record[className] ??= now;
      if (before) record[`original ${className}`] ??= before;
    }
  }
  // A teaser's date as its markup states it (`<time datetime="2026-02-27">27 Feb</time>`).
  const time = descendants(element, 'time')[0];
  const date = time && (attr(time, 'dateTime') ?? textOf(time));
  if (date) record.date ??= date;
  // A teaser's own words: its longest paragraph of a sentence or more that is not its title, in a
  // card that holds little else (a section around a whole grid has paragraphs too, but is no card).
  const text = textOf(element);
  const blurb = descendants(element, 'p')
    .map(textOf)
    .filter((paragraph) => paragraph !== record.title && paragraph.split(' ').length >= MIN_BLURB_WORDS)
    .sort((a, b) => b.length - a.length)[0];
  if (blurb && text.length <= blurb.length + MAX_BESIDE_BLURB) record[BLURB] = blurb;
  // A card's price as it sells, where no class or label names it (`<span class="a1x">$24.00</span>`).
  const price = findPrice(currentText(element));
  if (price?.formatted) record.price ??= price.formatted;
  if (text) record.text = text;
  return record;
}

/**
 * What a card calls its item: of its headings, elements classed as its name or title, bold texts and
 * links (shops often name a product only in the link to it), the first sharing most words with the
 * address it links to (`/black-dress-shoes` names "Black Dress Shoes", not a "View Details" heading
 * or a "Sold out" badge, and a name before the link around the whole card); never a price.
 */
function cardTitle(card: Element, url: string | undefined): string | undefined {
  const named = (elements: Element[]) =>
    elements.map(textOf).filter((text) => text !== '' && !ONLY_PRICE.test(text));
  const links = named(descendants(card, 'a')).sort((a, b) => b.length - a.length);
  const classNamed = descendants(card, '*').filter((element) =>
    NAME_CLASS.test(attr(element, 'className') ?? ''),
  );
  const candidates = [
    ...named(descendants(card, ...HEADINGS)),
    ...named(classNamed),
    ...named(descendants(card, 'strong', 'b')),
    ...links,
  ];
  return sharingMostWords(candidates, (text) => text, new Set(wordsOf(url ? new URL(url).pathname : '')));
}

/**
 * The label of a card's own words, which fill its `description` (`summary`, `excerpt`) but do not
 * choose the group: any run of sections has paragraphs.
 */
export const BLURB = 'blurb';
/** Fewer words than this are a card's badge or note ("Free shipping"), not its description. */
const MIN_BLURB_WORDS = 4;
/** Characters a card holds beside its description: a title, a date, a price, a link's label. */
const MAX_BESIDE_BLURB = 300;

/** A class that names the element a card's name or title (`product-name`, `card__title`). */
const NAME_CLASS = /(?:^|[-_\s])(?:name|title)(?:$|[-_\s])/i;

const ONLY_PRICE = new RegExp(`^\\s*(?:from\\s+)?(?:${PRICE_PATTERN.source})\\s*$`, 'i');

/** A heading and the text that follows it up to the next heading: "Ingredients" → its paragraph. */
function headedSections(page: ParsedPage): LabelValue[] {
  const sections: LabelValue[] = [];
  const visitParent = (parent: Element) => {
    const children = childElements(parent);
    children.forEach((child, index) => {
      if (!HEADINGS.has(child.tagName)) return;
      const parts: string[] = [];
      for (const next of children.slice(index + 1)) {
        if (HEADINGS.has(next.tagName) || next.tagName === 'section') break;
        const text = textOf(next);
        if (text) parts.push(text);
      }
      const label = textOf(child);
      if (label && parts.length > 0) sections.push({ label, value: parts.join('\n'), source: 'section' });
    });
    for (const child of children) if (!NON_CONTENT.has(child.tagName)) visitParent(child);
  };
  for (const child of page.tree.children) if (child.type === 'element') visitParent(child);
  return sections;
}

const STRUCK = new Set(['s', 'del', 'strike']);

/**
 * An element's text now, and what it strikes through when anything else is left: a sale price
 * (`<s>£45.00</s> £35.00`) is £35.00 now and was £45.00. Text that is all struck is the text.
 */
function struckApart(element: Element): { now: string; before?: string } {
  const now = textOf({ ...element, children: withoutStruck(element.children) });
  if (!now) return { now: textOf(element) };
  const before = descendants(element, ...STRUCK)
    .map(textOf)
    .join(' ')
    .trim();
  return before ? { now, before } : { now };
}

const currentText = (element: Element) => struckApart(element).now;

const withoutStruck = (nodes: ElementContent[]): ElementContent[] =>
  nodes.flatMap((node): ElementContent[] =>
    node.type !== 'element'
      ? [node]
      : STRUCK.has(node.tagName)
        ? []
        : [{ ...node, children: withoutStruck(node.children) }],
  );

export function childElements(node: Element): Element[] {
  return node.children.filter((child: ElementContent): child is Element => child.type === 'element');
}

/** Descendant elements with one of the tag names (`*` for all), in document order. */
function descendants(node: Element, ...tags: string[]): Element[] {
  const found: Element[] = [];
  const all = tags.includes('*');
  const walk = (parent: Element) => {
    for (const child of childElements(parent)) {
      if (NON_CONTENT.has(child.tagName)) continue;
      if (all || tags.includes(child.tagName)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

function hasBlockChild(node: Element): boolean {
  return node.children.some(
    (child) => child.type === 'element' && (BLOCKS.has(child.tagName) || HEADINGS.has(child.tagName)),
  );
}

/**
 * The labelled values of an element's lines: "Depth: 4 m". A line may hold several, each starting
 * a sentence ("CEO: Alan Tern. Annual revenue: £3.2 million."): the sentence's period ends its value.
 */
function labelledLines(node: Element): { label: string; value: string }[] {
  return linesOf(node).flatMap((text) =>
    text.split(NEXT_LABEL).flatMap((part, index, parts) => {
      const line = LINE.exec(part);
      if (!line) return [];
      const value = line[2].trim();
      return [{ label: line[1].trim(), value: index < parts.length - 1 ? value.replace(/\.$/, '') : value }];
    }),
  );
}

/** Where a sentence ends and the next one starts with a label. */
const NEXT_LABEL = /(?<=[.;])\s+(?=[A-Z][\w ()/&'-]{0,40}?\s*[:：]\s)/;

function linesOf(node: Element): string[] {
  const lines: string[] = [''];
  for (const child of node.children) {
    if (child.type === 'element' && child.tagName === 'br') lines.push('');
    else if (child.type === 'element') lines[lines.length - 1] += ` ${textOf(child)}`;
    else if (child.type === 'text') lines[lines.length - 1] += child.value;
  }
  return lines.map((line) => line.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** An element whose text is all its links' text: an entry of a menu. */
function onlyLinks(element: Element): boolean {
  const links = descendants(element, 'a').map(textOf).join('');
  return links !== '' && links.replace(/\s+/g, '') === textOf(element).replace(/\s+/g, '');
}
