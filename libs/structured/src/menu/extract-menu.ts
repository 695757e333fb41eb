import type { Element } from 'hast';
import { selectAll } from 'hast-util-select';
import { parseNumber } from '../json/coerce.js';
import { childElements } from '../page/label-values.js';
import {
  absoluteUrl,
  attr,
  firstMeta,
  NON_CONTENT,
  type ParsedPage,
  spacedText,
  textOf,
} from '../page/parse-page.js';
import {
  asList,
  asText,
  isObject,
  itemsOfType,
  type StructuredItem,
  structuredItems,
} from '../page/structured-data.js';
import { findPrice, formatPrice, PRICE_PATTERN, type Price } from '../text/prices.js';

export interface MenuItem {
  id: string;
  name: string;
  description?: string;
  images: { url: string; alt?: string }[];
  price?: Price;
  availability: { inStock: boolean; text?: string };
  dietary: string[];
  calories?: number;
  optionGroups: unknown[];
  identifiers: { merchantItemId?: string };
  url?: string;
  sourceUrl: string;
}

export interface MenuSection {
  id: string;
  name: string;
  description?: string;
  items: MenuItem[];
}

export interface Menu {
  isMenu: boolean;
  confidence: number;
  merchant: { name: string; type?: string | null; location?: unknown };
  currency?: string | null;
  sections: MenuSection[];
  sourceUrl: string;
}

/** Dietary markers restaurants print next to dishes, and what they mean. */
const DIETARY: [RegExp, string][] = [
  [/\bvegan\b|(?:^|[\s(,/])(?:VG|VE)(?=[\s),/]|$)|🌱/i, 'vegan'],
  [/\bvegetarian\b|\bveggie\b|(?:^|[\s(,/])V(?=[\s),/]|$)/i, 'vegetarian'],
  [/\b(?:gluten[- ]free|GF)\b/i, 'gluten-free'],
  [/\b(?:dairy[- ]free|DF)\b/i, 'dairy-free'],
  [/\b(?:nut[- ]free|NF)\b/i, 'nut-free'],
  [/\bhalal\b/i, 'halal'],
  [/\bkosher\b/i, 'kosher'],
  [/\bspicy\b|🌶/i, 'spicy'],
];

const SCHEMA_DIETS: Record<string, string> = {
  VeganDiet: 'vegan',
  VegetarianDiet: 'vegetarian',
  GlutenFreeDiet: 'gluten-free',
  HalalDiet: 'halal',
  KosherDiet: 'kosher',
  LowLactoseDiet: 'low-lactose',
  DiabeticDiet: 'diabetic',
  LowCalorieDiet: 'low-calorie',
  LowFatDiet: 'low-fat',
  LowSaltDiet: 'low-salt',
  HinduDiet: 'hindu',
};

/**
 * The page's menu: schema.org Menu / MenuSection / MenuItem (JSON-LD or microdata) when present,
 * else headed sections of priced items. `isMenu` is false (with no sections) when the page has
 * neither; `currency` is set only when the page states one.
 */
export function extractMenu(page: ParsedPage): Menu {
  const items = structuredItems(page);
  const merchant = merchantOf(items, page);
  const menu = itemsOfType(items, 'Menu')[0];
  const sectionsData = menu ? asList(menu.hasMenuSection) : itemsOfType(items, 'MenuSection');
  if (sectionsData.length > 0 || (menu && asList(menu.hasMenuItem).length > 0)) {
    const sections = fromStructured(menu, sectionsData.filter(isObject) as StructuredItem[], page);
    const currency = sections.flatMap((section) => section.items).find((item) => item.price?.currency)
      ?.price?.currency;
    return {
      isMenu: true,
      confidence: 0.95,
      merchant,
      currency: currency ?? null,
      sections,
      sourceUrl: page.url,
    };
  }
  // Prices with a currency first; menus that print bare "12.50" prices are read the second way.
  const pricedItems = (found: MenuSection[]) =>
    found.flatMap((section) => section.items).filter((item) => item.price).length;
  let sections = fromHeadings(page, WITH_CURRENCY);
  if (pricedItems(sections) < 3) {
    const bare = fromHeadings(page, BARE_DECIMALS);
    if (pricedItems(bare) >= 3) sections = bare;
  }
  const priced = pricedItems(sections);
  const isMenu = priced >= 3;
  const currency = sections.flatMap((section) => section.items).find((item) => item.price?.currency)
    ?.price?.currency;
  return {
    isMenu,
    confidence: isMenu
      ? Math.min(0.9, 0.5 + 0.04 * priced + (sections.length > 1 ? 0.1 : 0))
      : priced > 0
        ? 0.2
        : 0.05,
    merchant,
    currency: currency ?? null,
    sections: isMenu ? sections : [],
    sourceUrl: page.url,
  };
}

function fromStructured(
  menu: StructuredItem | undefined,
  sections: StructuredItem[],
  page: ParsedPage,
): MenuSection[] {
  const result: MenuSection[] = [];
  const add = (name: string, description: string | undefined, entries: unknown[]) => {
    const sectionId = slug(name || `section-${result.length + 1}`);
    result.push({
      id: sectionId,
      name,
      ...(description ? { description } : {}),
      items: entries
        .filter(isObject)
        .map((entry, index) => structuredItem(entry as StructuredItem, sectionId, index, page)),
    });
  };
  if (menu && asList(menu.hasMenuItem).length > 0)
    add(asText(menu.name) ?? 'Menu', undefined, asList(menu.hasMenuItem));
  const walk = (section: StructuredItem) => {
    add(asText(section.name) ?? '', asText(section.description), asList(section.hasMenuItem));
    for (const child of asList(section.hasMenuSection)) if (isObject(child)) walk(child as StructuredItem);
  };
  for (const section of sections) walk(section);
  return result.filter((section) => section.items.length > 0);
}

function structuredItem(item: StructuredItem, sectionId: string, index: number, page: ParsedPage): MenuItem {
  const name = asText(item.name) ?? `Item ${index + 1}`;
  const offer = asList(item.offers).find(isObject) as Record<string, unknown> | undefined;
  const rawPrice = offer?.price ?? item.price;
  const amount = typeof rawPrice === 'number' ? rawPrice : parseNumber(String(rawPrice ?? ''));
  const currency = asText(offer?.priceCurrency);
  const diets = asList(item.suitableForDiet)
    .map((diet) => SCHEMA_DIETS[String(asText(diet) ?? '').replace(/^.*[/#]/, '')])
    .filter(Boolean);
  const description = asText(item.description);
  const calories = parseNumber(asText(isObject(item.nutrition) ? item.nutrition.calories : undefined) ?? '');
  const image = absoluteUrl(asText(item.image), page.url);
  const soldOut = /OutOfStock|SoldOut|Discontinued/i.test(String(offer?.availability ?? ''));
  return {
    id: `${sectionId}-${slug(name)}`,
    name,
    ...(description ? { description } : {}),
    images: image ? [{ url: image }] : [],
    ...(amount !== undefined
      ? { price: { amount, ...(currency ? { currency } : {}), formatted: formatPrice(amount, currency) } }
      : {}),
    availability: soldOut ? { inStock: false, text: 'Sold out' } : { inStock: true },
    dietary: [...new Set([...diets, ...dietaryMarks(`${name} ${description ?? ''}`)])],
    ...(calories !== undefined ? { calories } : {}),
    optionGroups: [],
    identifiers: asText(item.identifier ?? item.sku)
      ? { merchantItemId: asText(item.identifier ?? item.sku) }
      : {},
    ...(asText(item.url) ? { url: absoluteUrl(asText(item.url), page.url) } : {}),
    sourceUrl: page.url,
  };
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const ITEM_CONTAINERS = new Set(['li', 'tr', 'div', 'p', 'article', 'dt', 'section']);

/**
 * Headed sections of priced items: the smallest elements whose text holds exactly one price,
 * grouped under the heading before them. The name is the item's first strong / heading text, or
 * the text before the price; the rest is the description.
 */
function fromHeadings(page: ParsedPage, prices: PriceReader): MenuSection[] {
  const locale = attr(selectAll('html', page.tree)[0] ?? ({ properties: {} } as Element), 'lang');
  const sections: MenuSection[] = [];
  let current: MenuSection | undefined;
  const body = selectAll('body', page.tree)[0];
  if (!body) return [];
  const isItem = itemFinder(prices);
  const walk = (node: Element) => {
    if (NON_CONTENT.has(node.tagName) || ['nav', 'footer', 'header'].includes(node.tagName)) return;
    if (HEADINGS.has(node.tagName)) {
      const name = textOf(node);
      if (name && !prices.pattern.test(name)) {
        current = { id: slug(name), name, items: [] };
        sections.push(current);
        return;
      }
    }
    if (ITEM_CONTAINERS.has(node.tagName) && isItem(node) && added(node)) return;
    // A section's paragraph without a price, before its first dish, describes it ("Small plates to share").
    if (node.tagName === 'p' && current && current.items.length === 0 && current.description === undefined) {
      const text = textOf(node);
      if (text && !prices.pattern.test(text)) {
        current.description = text;
        return;
      }
    }
    // A description list's dish is a term and its descriptions: `<dt>Soup</dt><dd>… £5.50</dd>`.
    const children = node.tagName === 'dl' ? termGroups(childElements(node)) : childElements(node);
    for (const child of children) walk(child);
  };
  const added = (node: Element): boolean => {
    const item = headingItem(node, current?.id ?? 'menu', current?.items.length ?? 0, page, prices, locale);
    if (!item) return false;
    if (!current) {
      current = { id: 'menu', name: 'Menu', items: [] };
      sections.push(current);
    }
    current.items.push(item);
    return true;
  };
  walk(body);
  return sections.filter((section) => section.items.length > 0);
}

/** A `<dl>`'s children with each `<dt>` and the `<dd>`s after it as one `<div>`; others as they are. */
function termGroups(children: Element[]): Element[] {
  const grouped: Element[] = [];
  let term: Element | undefined;
  for (const child of children) {
    if (child.tagName === 'dt') {
      term = { type: 'element', tagName: 'div', properties: {}, children: [child] };
      grouped.push(term);
    } else if (child.tagName === 'dd' && term) term.children.push(child);
    else {
      term = undefined;
      grouped.push(child);
    }
  }
  return grouped;
}

/**
 * Whether an element is one priced dish: its text holds one price and words besides it (a name),
 * and nothing inside it is a whole dish. So a section of one dish is a section, not a dish named
 * after its heading, and a price in an element of its own (`<div class=price>`) is no dish.
 */
function itemFinder(prices: PriceReader): (node: Element) => boolean {
  const everyPrice = new RegExp(prices.pattern.source, 'g');
  const holdsItem = new Map<Element, boolean>();
  const isItem = (node: Element): boolean => {
    const text = spacedText(node);
    const found = text.match(everyPrice) ?? [];
    if (found.length !== 1 || !/\p{L}/u.test(text.replace(everyPrice, ''))) return false;
    return !childElements(node).some(holdsDish);
  };
  // Only elements whose text holds a price are searched, so this walks the prices' paths only.
  const holdsDish = (node: Element): boolean => {
    let answer = holdsItem.get(node);
    if (answer === undefined) {
      answer =
        (ITEM_CONTAINERS.has(node.tagName) && isItem(node)) ||
        (prices.pattern.test(spacedText(node)) && childElements(node).some(holdsDish));
      holdsItem.set(node, answer);
    }
    return answer;
  };
  return isItem;
}

/** How prices are recognised in item text. */
interface PriceReader {
  pattern: RegExp;
  find(text: string, locale?: string): Price | undefined;
}

const WITH_CURRENCY: PriceReader = { pattern: PRICE_PATTERN, find: findPrice };

/** "12.50" / "9,00" with no currency: many menus print prices so; the currency then stays unknown. */
const BARE_DECIMALS: PriceReader = {
  pattern: /(?<![\d.,])\d{1,3}[.,]\d{2}(?![\d.,%])/,
  find(text) {
    const match = BARE_DECIMALS.pattern.exec(text);
    if (!match) return undefined;
    return { amount: Number(match[0].replace(',', '.')), formatted: match[0] };
  },
};

function headingItem(
  node: Element,
  sectionId: string,
  index: number,
  page: ParsedPage,
  prices: PriceReader,
  locale?: string,
): MenuItem | undefined {
  const text = spacedText(node);
  const price = prices.find(text, locale);
  if (!price) return undefined;
  // A table row's dish is named by its first cell that is not its price.
  const firstCell =
    node.tagName === 'tr'
      ? childElements(node).find((cell) => textOf(cell) !== '' && !prices.pattern.test(textOf(cell)))
      : undefined;
  const named =
    selectAll('strong, b, h3, h4, h5, h6, dt, [class*=name], [class*=title]', node)[0] ?? firstCell;
  // Without a marked-up name, the name is the text before the price, up to a dash or colon.
  let name = named
    ? textOf(named)
    : text
        .slice(0, text.indexOf(price.formatted ?? ''))
        .split(/\s[—–-]\s|:\s/)[0]
        .trim();
  name = name
    .replace(prices.pattern, '')
    .replace(/[\s.·…–—-]+$/, '')
    .trim();
  if (!name || name.length > 120) return undefined;
  const rest = text
    .replace(name, '')
    .replace(price.formatted ?? '', '')
    .replace(/^[\s.·…–—:-]+|[\s.·…–—:-]+$/g, '')
    .trim();
  const soldOut = /\b(?:sold out|unavailable|not available today)\b/i.test(text);
  const calories = /(\d{2,4})\s?(?:kcal|cal(?:ories)?)\b/i.exec(text)?.[1];
  const image = selectAll('img', node)[0];
  const imageUrl = image ? absoluteUrl(attr(image, 'src'), page.url) : undefined;
  const description = rest
    .replace(/\b(?:sold out|unavailable|not available today)\b/gi, '')
    .replace(/\(\s*(?:VG?|VE|GF|DF|NF)(?:\s*,\s*(?:VG?|VE|GF|DF|NF))*\s*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    id: `${sectionId}-${slug(name)}-${index + 1}`,
    name: name.replace(/\s*\((?:VG?|VE|GF|DF|NF)(?:\s*,\s*(?:VG?|VE|GF|DF|NF))*\)\s*$/, ''),
    ...(description ? { description } : {}),
    images: imageUrl ? [{ url: imageUrl, ...(attr(image, 'alt') ? { alt: attr(image, 'alt') } : {}) }] : [],
    price,
    availability: soldOut ? { inStock: false, text: 'Sold out' } : { inStock: true },
    dietary: dietaryMarks(`${text} ${markerAttributes(node)}`),
    ...(calories ? { calories: Number(calories) } : {}),
    optionGroups: [],
    identifiers: {},
    sourceUrl: page.url,
  };
}

function dietaryMarks(text: string): string[] {
  const found = DIETARY.filter(([pattern]) => pattern.test(text)).map(([, tag]) => tag);
  // "Vegan" dishes are vegetarian too, but pages mark them vegan; keep what the page says.
  return [...new Set(found)];
}

/** Icons often carry the marker only in title / alt / aria-label / class. */
function markerAttributes(node: Element): string {
  return selectAll('[title], [alt], [aria-label], [class]', node)
    .map((element) =>
      [attr(element, 'title'), attr(element, 'alt'), attr(element, 'ariaLabel'), attr(element, 'className')]
        .filter(Boolean)
        .join(' '),
    )
    .join(' ')
    .replace(/[-_]/g, ' ');
}

function merchantOf(items: StructuredItem[], page: ParsedPage): Menu['merchant'] {
  const business = itemsOfType(
    items,
    'Restaurant',
    'FoodEstablishment',
    'CafeOrCoffeeShop',
    'Bakery',
    'BarOrPub',
    'FastFoodRestaurant',
    'LocalBusiness',
  )[0];
  if (business) {
    const type = (Array.isArray(business['@type']) ? business['@type'][0] : business['@type']) ?? null;
    const address = business.address;
    return {
      name: asText(business.name) ?? '',
      type: type
        ? String(type)
            .replace(/([a-z])([A-Z])/g, '$1 $2')
            .toLowerCase()
        : null,
      ...(address ? { location: isObject(address) ? stripType(address) : address } : {}),
    };
  }
  const name =
    firstMeta(page, 'og:site_name') ??
    textOf(selectAll('title', page.tree)[0] ?? { type: 'root', children: [] }).split(/\s[|–—-]\s/)[0];
  return { name: name ?? '', type: null };
}

function stripType(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('@')));
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'item'
  );
}
